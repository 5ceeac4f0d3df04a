import type {
  AnnouncementPage,
  CallHistoryDetail,
  CallHistoryItem,
  Metrics,
  Paged,
  User,
} from '../../src/protocol'
import { newId } from './call-fixtures'

/** The signed-in agent of the area tests: Ana, level 5, in Santiago, without 2FA. */
export const AREA_USER: User = {
  id: 'd'.repeat(24),
  firstname: 'Ana',
  lastname: 'Alvarez',
  email: 'ana@demo.test',
  level: 5,
  account: { _id: 'c'.repeat(24), name: 'Demo Co' },
  timezone: 'America/Santiago',
  twoFactorEnabled: false,
}

/** A page of a list in the protocol's shape. */
export function page<T>(
  data: T[],
  options: { total?: number; skip?: number; limit?: number } = {},
): Paged<T> {
  const limit = options.limit ?? 10
  const skip = options.skip ?? 0
  return {
    data,
    total: options.total ?? data.length,
    limit,
    skip,
    page: Math.floor(skip / limit) + 1,
    sortField: null,
    sortOrder: null,
  }
}

/** A row of the history. */
export function historyItem(overrides: Partial<CallHistoryItem> = {}): CallHistoryItem {
  return {
    id: newId(),
    kind: 'call',
    via: 'inbound',
    startedAt: '2026-11-23T14:05:00.000Z',
    answeredAt: '2026-11-23T14:05:10.000Z',
    endedAt: '2026-11-23T14:10:10.000Z',
    customerName: 'Paula Pérez',
    segment: { id: 'a'.repeat(24), name: 'Sales' },
    durationMs: 300_000,
    outcome: 'answered',
    tags: [{ _id: 'c'.repeat(24), name: 'sale', label: 'Sale' }],
    ...overrides,
  }
}

/** A call's detail, answered by the agent, with a chat, a file and a transfer along the way. */
export function historyDetail(overrides: Partial<CallHistoryDetail> = {}): CallHistoryDetail {
  const item = historyItem()
  return {
    ...item,
    participated: true,
    queuedAt: '2026-11-23T14:04:30.000Z',
    ticketId: 'T-42',
    extraData: {
      ip: '203.0.113.9',
      referrer: 'https://shop.example/cart',
      countryName: 'Spain',
      countryCode: 'ES',
      regionName: 'Madrid',
      cityName: 'Madrid',
      carrierName: null,
      browserName: 'Firefox',
      browserVersion: '128',
      osName: 'Linux',
      osVersion: null,
      deviceType: 'desktop',
      langNative: 'es-ES',
    },
    form: [{ label: 'Order number', value: 'A-1001' }],
    agentForm: [
      {
        name: 'resolution',
        label: 'Resolution',
        type: 'select',
        required: true,
        options: [{ label: 'Solved', value: 'solved' }],
      },
    ],
    agentFormValues: { resolution: 'solved' },
    comments: 'Parcel found <b>today</b>',
    messages: [
      {
        id: newId(),
        from: 'customer',
        peerId: 'customer:x',
        name: 'Paula Pérez',
        text: 'Where is my parcel?',
        at: '2026-11-23T14:06:00.000Z',
      },
      {
        id: newId(),
        from: 'agent',
        peerId: 'agent:x',
        name: 'Ana Alvarez',
        text: 'On its way',
        at: '2026-11-23T14:06:30.000Z',
      },
    ],
    files: [
      {
        id: 'f'.repeat(24),
        name: 'invoice.pdf',
        type: 'application/pdf',
        size: 2048,
        createdAt: item.startedAt,
      },
    ],
    recordings: [
      {
        id: 'e'.repeat(24),
        name: 'Call recording',
        status: 'approved',
        startedAt: item.startedAt,
        duration: 280,
      },
    ],
    steps: [
      {
        agent: 'Ana Alvarez',
        via: 'inbound',
        from: null,
        segment: { id: 'a'.repeat(24), name: 'Sales' },
        at: '2026-11-23T14:05:00.000Z',
        answeredAt: '2026-11-23T14:05:10.000Z',
        outcome: 'transferred',
        transferredTo: { kind: 'agent', name: 'Bruno Bravo' },
      },
      {
        agent: 'Bruno Bravo',
        via: 'transferred',
        from: 'Ana Alvarez',
        segment: { id: 'a'.repeat(24), name: 'Sales' },
        at: '2026-11-23T14:08:00.000Z',
        answeredAt: '2026-11-23T14:08:05.000Z',
        outcome: 'answered',
        transferredTo: null,
      },
    ],
    ...item,
    ...overrides,
  }
}

/** Metrics of a day with a few calls. */
export function metricsOf(overrides: Partial<Metrics> = {}): Metrics {
  return {
    period: 'day',
    from: '2026-11-23T03:00:00.000Z',
    to: '2026-11-24T03:00:00.000Z',
    timeZone: 'America/Santiago',
    answered: 3,
    missed: 1,
    dismissed: 1,
    transferred: 1,
    totalTalkMs: 3_723_000,
    averageTalkMs: 1_241_000,
    statuses: [
      { status: 'available', ms: 5_400_000 },
      { status: 'break', ms: 900_000 },
    ],
    buckets: Array.from({ length: 24 }, (_, hour) => ({
      start: new Date(Date.parse('2026-11-23T03:00:00.000Z') + hour * 3_600_000).toISOString(),
      answered: hour === 11 ? 3 : 0,
      missed: hour === 12 ? 1 : 0,
      transferred: hour === 11 ? 1 : 0,
    })),
    ...overrides,
  }
}

/** A page of announcements. */
export function announcementPage(unread = 1): AnnouncementPage {
  return {
    ...page([
      {
        id: '1'.repeat(24),
        title: 'Team meeting',
        body: 'Friday at 10:00',
        author: 'Sofia Silva',
        createdAt: '2026-11-23T12:00:00.000Z',
        read: unread === 0,
      },
      {
        id: '2'.repeat(24),
        title: 'Welcome',
        body: 'Hello team',
        author: 'Sofia Silva',
        createdAt: '2026-11-20T12:00:00.000Z',
        read: true,
      },
    ]),
    unread,
  }
}

/** Types into a React-controlled input as a user would (the native setter, then an `input` event). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}
