import type { Appointment, ConsoleSettings } from '../../src/protocol'
import { createHttpClient, type HttpClient } from '../../src/services/http'
import { replaceConnections } from '../../src/stores/session/connection'
import { $link } from '../../src/stores/session/link-state'
import { connectFakeSocket, newId } from './call-fixtures'
import type { FakeSocket } from './fake-socket'

/** A valid appointment of the signed-in agent's calendar, pending, 30 minutes long. */
export function calendarAppointment(overrides: Partial<Appointment> = {}): Appointment {
  const id = overrides.id ?? newId()
  const start = overrides.startAt ?? '2026-11-23T13:00:00.000Z'
  return {
    _id: id,
    id,
    userId: AGENT_ID,
    type: 'regular',
    status: 'pending',
    startAt: start,
    endAt: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    service: { _id: 'a'.repeat(24), title: 'Onboarding' },
    title: 'Onboarding call with Ana',
    joinUrl: `http://localhost/customer.html?meeting=${id}`,
    modifyUrl: `http://localhost/customer.html?modify=${id}`,
    timezone: 'America/Santiago',
    referrer: 'https://shop.example/book',
    form: [
      { label: 'Name', value: 'Ana Pérez' },
      { label: 'Email', value: 'ana@example.com' },
    ],
    extraData: null,
    comment: null,
    cancelReason: null,
    canceledAt: null,
    canceledBy: null,
    rescheduledAppointment: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}

/** The signed-in agent's id in these fixtures. */
export const AGENT_ID = 'b'.repeat(24)

/** A fake socket link that is up and authenticated as far as the stores can tell. */
export function onlineSocket(): FakeSocket {
  const socket = connectFakeSocket()
  online()
  return socket
}

/** Marks the link authenticated (the realtime session's `online`). */
export function online(): void {
  $link.set({ state: 'online', attempt: 0, code: null })
}

/** Puts the link back to idle. */
export function offline(): void {
  $link.set({ state: 'idle', attempt: 0, code: null })
}

/** One answer of the fake API: a status and a JSON body. */
export interface FakeResponse {
  status?: number
  body: unknown
}

/** A request the fake API received. */
export interface FakeRequest {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

/**
 * An HTTP client whose server is a function of the request: the real client (bearer, 429, 401
 * renewal, validation), a fake network. Returns the requests it saw.
 */
export function fakeApi(handle: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>): {
  client: HttpClient
  requests: FakeRequest[]
} {
  const requests: FakeRequest[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const request: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }
    requests.push(request)
    const { status = 200, body } = await handle(request)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  const client = createHttpClient({
    baseUrl: () => '/api',
    accessToken: () => 'test-token',
    renew: () => Promise.resolve('test-token'),
    fetch,
  })
  replaceConnections({ http: client })
  return { client, requests }
}

/** A JWT-shaped access token whose `aud` is `userId` (unsigned: the stores only read it). */
export function tokenFor(userId: string): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ aud: userId, org: 'c'.repeat(24), lvl: 5, sid: 'family', iat: 1_700_000_000, exp: 4_102_444_800 })}.signature`
}

/** Console settings of an account with the calendar on (or off). */
export function consoleSettings(calendarEnabled = true): ConsoleSettings {
  const recorder = {
    enabled: false,
    type: 'local' as const,
    audioBitsPerSeconds: 128_000,
    videoBitsPerSeconds: 1_000_000,
    maxBytes: 100_000_000,
    automaticRecord: false,
    audio: true,
    video: true,
  }
  return {
    fileShare: { enabled: false },
    capture: { enabled: false },
    apps: [],
    recorder,
    calendarEnabled,
    virtualBackground: { enabled: false, images: [] },
    statuses: [],
    pageSize: 10,
  }
}

/** A `appointments:find` reply for whatever was asked, with these appointments. */
export function foundReply(appointments: Appointment[]) {
  return (payload: unknown) => {
    const { date, timezone, users } = payload as { date: string; timezone: string; users?: string[] }
    return { ok: true, data: { date, timezone, users: users ?? [AGENT_ID], data: appointments } }
  }
}
