import type { ConsoleSettings } from '../../src/protocol'

/** Console settings as the reference server's demo account has them. */
export const SETTINGS: ConsoleSettings = {
  fileShare: { enabled: true },
  capture: { enabled: true },
  apps: [],
  recorder: {
    enabled: false,
    type: 'local',
    audioBitsPerSeconds: 128000,
    videoBitsPerSeconds: 2500000,
    maxBytes: 0,
    automaticRecord: false,
    audio: true,
    video: true,
  },
  calendarEnabled: false,
  virtualBackground: { enabled: false, images: [] },
  statuses: [
    { id: 'available', name: 'available', label: 'Available', color: '#30a46c' },
    { id: 'break', name: 'break', label: 'Break', color: '#f5a623' },
    { id: 'lunch-and-learn', name: 'lunch-and-learn', label: 'Lunch & learn', color: '#8e4ec6' },
    { id: 'disconnected', name: 'disconnected', label: 'Disconnected', color: '#e5484d' },
  ],
  pageSize: 10,
}
