import type { Appointment, Call, ConsoleSettings, InboundCall, MeetingJoined } from '../../src/protocol'
import { createRealtime, replaceConnections } from '../../src/stores/session/connection'
import { fakeIo, type FakeSocket } from './fake-socket'

let counter = 0

/** A fresh 24-character hex id. */
export function newId(): string {
  counter += 1
  return (Date.now().toString(16) + counter.toString(16).padStart(6, '0')).padStart(24, '0').slice(-24)
}

/** A valid `inbound` payload. */
export function inboundCall(overrides: Partial<InboundCall> = {}): InboundCall {
  const now = new Date()
  return {
    id: newId(),
    kind: 'inbound',
    segment: { id: newId(), name: 'Support' },
    previousSegment: null,
    segmentPrevious: null,
    duration: 2,
    queuedAt: new Date(now.getTime() - 2 * 60_000).toISOString(),
    agent: null,
    transferred: null,
    invitation: false,
    priority: false,
    customerName: 'Ana Pérez',
    ticketId: 'T-1001',
    poc: { label: 'Web' },
    branch: { label: 'Downtown' },
    inboundData: { branch: { label: 'Downtown' }, ticketId: 'T-1001', poc: { label: 'Web' } },
    ringExpiresAt: new Date(now.getTime() + 20_000).toISOString(),
    ...overrides,
  }
}

/** A valid `join` payload for a ringing call. */
export function joinedCall(overrides: Partial<Call> = {}, base: InboundCall = inboundCall()): Call {
  return {
    ...base,
    answeredAt: new Date().toISOString(),
    role: 'agent',
    extraData: {
      ip: '203.0.113.9',
      referrer: 'https://shop.example/help?utm_source=mail&order=42',
      countryName: 'Chile',
      countryCode: 'CL',
      regionName: 'Santiago Metropolitan',
      cityName: 'Santiago',
      carrierName: 'Example ISP',
      browserName: 'Chrome',
      browserVersion: '120',
      osName: 'Linux',
      osVersion: '6',
      deviceType: 'desktop',
      langNative: 'es-CL',
    },
    form: [{ label: 'Order', value: '42' }],
    agentForm: null,
    agentFormValues: {},
    tags: [
      { _id: newId(), name: 'billing', label: 'Billing' },
      { _id: newId(), name: 'refund', label: 'Refund' },
    ],
    selectedTags: [],
    mandatoryTags: false,
    comments: '',
    accessToken: 'signalling-token',
    signalingToken: 'signalling-token',
    recordingToken: 'recording-token',
    recordingsSettings: {
      enabled: false,
      type: 'cloud',
      audioBitsPerSeconds: 64000,
      videoBitsPerSeconds: 500000,
      maxBytes: 1e9,
      automaticRecord: false,
      audio: true,
      video: true,
    },
    integrationData: { crmId: 'C-77', plan: 'gold' },
    peerId: 'agent:aaaaaaaaaaaaaaaaaaaaaaaa',
    peers: [],
    messages: [],
    customerConnected: true,
    customerPermissions: null,
    customerGone: null,
    ...overrides,
  }
}

/** A valid appointment. */
export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  const id = newId()
  const start = new Date()
  return {
    _id: id,
    id,
    userId: newId(),
    type: 'regular',
    status: 'pending',
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
    service: { _id: newId(), title: 'Onboarding' },
    title: 'Onboarding with Ana',
    joinUrl: '/customer.html?meeting=abcdefgh12',
    modifyUrl: null,
    timezone: 'America/Santiago',
    referrer: null,
    form: [],
    extraData: null,
    comment: null,
    cancelReason: null,
    canceledAt: null,
    canceledBy: null,
    rescheduledAppointment: null,
    createdAt: start.toISOString(),
    ...overrides,
  }
}

/** A valid `meeting:join` payload. */
export function meetingJoined(overrides: Partial<MeetingJoined> = {}): MeetingJoined {
  return {
    appointment: appointment(),
    accessToken: 'meeting-token',
    recordingToken: 'recording-token',
    recordingsSettings: joinedCall().recordingsSettings,
    peerId: 'agent:aaaaaaaaaaaaaaaaaaaaaaaa',
    peers: [],
    pendingAuthorizations: [],
    messages: [],
    ...overrides,
  }
}

/** Installs a connected fake socket as the page's realtime link and returns it. */
export function connectFakeSocket(): FakeSocket {
  const io = fakeIo()
  const link = createRealtime({ url: '', path: '/ws', timeoutMs: 15_000, ioFactory: io.factory })
  replaceConnections({ socket: link })
  link.connect()
  return io.socket()
}

/** Lets queued promise callbacks run (acks answer on a microtask). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve()
}

/** Replies a socket test helper gives: `{ ok: true, data }`. */
export const ok = (data: unknown = null) => ({ ok: true, data })
/** `{ ok: false, error }`. */
export const refused = (code: number, message = 'refused', extra: Record<string, unknown> = {}) => ({
  ok: false,
  error: { code, message, ...extra },
})

/** Console settings with every optional tool off (tests switch on what they need). */
export function consoleSettings(patch: Partial<ConsoleSettings> = {}): ConsoleSettings {
  return {
    fileShare: { enabled: false },
    capture: { enabled: false },
    apps: [],
    recorder: joinedCall().recordingsSettings,
    calendarEnabled: false,
    virtualBackground: { enabled: false, images: [] },
    statuses: [{ id: 'available', name: 'available', label: 'Available', color: '#2f9e44' }],
    pageSize: 10,
    ...patch,
  }
}
