// Compiled by `npm run check` (tsc), never run: each `@ts-expect-error` below must meet an error, so a
// realtime link that loses its typing (an event name or payload that compiles whatever it is) fails the
// type check with "Unused '@ts-expect-error' directive" (issue 65).
import * as v from 'valibot'
import type { Realtime } from '../../src/stores/session/connection'

export function misspeltEvent(link: Realtime): void {
  // @ts-expect-error: no such event (`hangup` is)
  link.emit('hang-up', {})
  // @ts-expect-error: no such event, as a request
  void link.request('appointment:find', {}, v.unknown())
}

export function wrongPayload(link: Realtime): void {
  // @ts-expect-error: `answer` takes the call's id
  link.emit('answer', { call: 'x' })
  // @ts-expect-error: a status change names its status
  void link.request('status', {}, v.unknown())
  // @ts-expect-error: a recording action is one of start, pause, resume, stop
  void link.request('recording', { action: 'rewind' }, v.unknown())
}

export function rightCalls(link: Realtime): void {
  // What the console sends compiles as it is.
  link.emit('exchange:customer', { event: 'recording:status', data: true })
  void link.request('answer', { callId: '0123456789abcdef01234567' }, v.unknown())
  void link.request('ice:servers', {}, v.unknown())
}
