import { fixtureCleanup } from '@open-wc/testing'
import { AuthenticatedSchema } from '../../src/protocol'
import { replacePageNavigation } from '../../src/services/page'
import { createRealtime, replaceConnections, type Realtime } from '../../src/stores/session/connection'
import { clearTokens, setTokens } from '../../src/stores/session/tokens'
import { disconnectRealtime } from '../../src/stores/session/realtime-session'
import { resetLogin } from '../../src/stores/session/login'
import { clearToasts } from '../../src/stores/app/toasts'
import { resetConfig } from '../../src/stores/app/config'
import { resetActivity } from '../../src/stores/status/activity'
import { navigate } from '../../src/stores/shell/router'
import { fakeIo, type FakeSocket } from './fake-socket'
import * as v from 'valibot'

/** A user id of the contract's shape. */
export const USER_ID = '64b7f0c2a1b2c3d4e5f60718'
const ACCOUNT_ID = '64b7f0c2a1b2c3d4e5f60001'

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

/**
 * An unsigned JWT with the contract's claims (the console never verifies signatures).
 *
 * @example
 * fakeJwt({ exp: Date.now() / 1000 + 900, tag: 'A1' })
 */
export function fakeJwt({ exp, tag = 'A' }: { exp: number; tag?: string }): string {
  const claims = {
    aud: USER_ID,
    org: ACCOUNT_ID,
    lvl: 5,
    sid: 'family',
    iat: Math.floor(exp - 900),
    exp,
    tag,
  }
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`
}

/** A token that is valid for 15 minutes from `now` (ms). */
export function freshToken(now: number, tag = 'A'): string {
  return fakeJwt({ exp: Math.floor(now / 1000) + 900, tag })
}

/**
 * Signs an agent in without the login screen (tokens as the login would keep them).
 *
 * @example
 * signIn(Date.now())
 */
export function signIn(now: number, remember = false): void {
  setTokens({ accessToken: freshToken(now), refreshToken: 'R1', remember })
}

/** A fake socket.io link installed as the page's realtime connection. */
export function fakeRealtime(): { socket: () => FakeSocket; link: Realtime } {
  const io = fakeIo()
  const link = createRealtime({ url: '', path: '/ws', timeoutMs: 15_000, ioFactory: io.factory })
  replaceConnections({ socket: link })
  return { socket: io.socket, link }
}

/**
 * The server accepts `authenticate` and pushes what a real one pushes after it. `settings` may be read at
 * each sign-in (a function): a page whose test changes its settings gets those back from a later sign-in.
 */
export function acceptAuthentication(socket: FakeSocket, settings: unknown, status = 'available'): void {
  socket.answer('authenticate', (payload) => {
    const { sessionId } = payload as { sessionId: string }
    queueMicrotask(() => {
      socket.serverEmit(
        'console:settings',
        typeof settings === 'function' ? (settings as () => unknown)() : settings,
      )
      socket.serverEmit('agent:status:update', {
        online: status !== 'disconnected',
        available: status === 'available',
        inCall: false,
        status,
      })
    })
    return { ok: true, data: v.parse(AuthenticatedSchema, { userId: USER_ID, sessionId, level: 5 }) }
  })
}

/** Records page navigations instead of leaving the test page. */
export function recordNavigation(): { assigned: string[]; reloads: number; restore: () => void } {
  const record = { assigned: [] as string[], reloads: 0, restore: () => {} }
  record.restore = replacePageNavigation({
    assign: (url) => record.assigned.push(url),
    reload: () => {
      record.reloads += 1
    },
  })
  return record
}

/** Puts every store of the session back to a signed-out page. */
export function resetSession(): void {
  fixtureCleanup()
  disconnectRealtime()
  clearTokens()
  resetLogin()
  resetActivity()
  clearToasts()
  replaceConnections({ http: null, socket: null })
  resetConfig()
  navigate('/')
  sessionStorage.clear()
  localStorage.clear()
}
