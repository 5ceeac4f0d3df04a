import { atom, computed } from 'nanostores'
import * as v from 'valibot'
import type {
  CustomerCallEvent,
  CustomerDisconnect,
  CustomerGoneReason,
  CustomerPermissions,
} from '../../protocol'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { onCallCleanup } from './call-scope'
import { $call } from './call-state'
import { isolateBidi } from '../../lib/bidi'

/** The customer of the active call, as the agent should see them. */
export interface CallCustomer {
  name: string
  /** Connected to the call right now. */
  connected: boolean
  /** What their browser granted; null until they report it. */
  permissions: { camera: boolean; microphone: boolean } | null
  /** They left the call (`customer:hangup`): the agent ends it when ready. */
  hungUp: boolean
  /** The agent removed them from the call. */
  kicked: boolean
  /** They did not come back within their grace period (`customer:timeout`): the agent ends it when ready. */
  timedOut: boolean
}

const EMPTY: CallCustomer = {
  name: '',
  connected: false,
  permissions: null,
  hungUp: false,
  kicked: false,
  timedOut: false,
}

/** The customer of the active call. */
export const $callCustomer = atom<CallCustomer>(EMPTY)

/**
 * The call's customer hung up, was removed or timed out: they are not coming back, so nothing waits for
 * their video or their files any more. Never in a meeting, whose guests come and go.
 */
export const $customerGone = computed(
  [$call, $callCustomer],
  (call, customer) => call?.kind === 'call' && (customer.hungUp || customer.kicked || customer.timedOut),
)

/** A kick is on its way. */
export const $kicking = atom(false)

/** The agent is asked to confirm removing the customer (the kick dialog is open). */
export const $kickConfirming = atom(false)

/** Opens the kick confirmation. */
export function askToKick(): void {
  $kickConfirming.set(true)
}

/** Closes the kick confirmation without kicking. */
export function cancelKick(): void {
  if (!$kicking.get()) $kickConfirming.set(false)
}

/** ICU select keys cannot hold a hyphen: `ping-timeout` is written `pingTimeout` in the messages. */
function messageKey(reason: string): string {
  return reason.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())
}

function update(patch: Partial<CallCustomer>): void {
  $callCustomer.set({ ...$callCustomer.get(), ...patch })
}

/**
 * Takes the customer's state from the join or rejoin payload. A customer gone for good (`gone`) is told
 * as its event would have told it, unless the agent knew already: their timeout or hang-up may have been
 * sent while the agent was away, and a `rejoin` is then the only word of it.
 */
export function startCustomer(
  callId: string,
  name: string,
  connected: boolean,
  permissions: { camera: boolean; microphone: boolean } | null,
  gone: CustomerGoneReason | null,
): void {
  const known = $callCustomer.get()
  $callCustomer.set({ ...EMPTY, name, connected: connected && gone === null, permissions })
  if (gone === 'kicked') update({ kicked: true })
  else if (gone === 'hangup') {
    if (known.hungUp) update({ hungUp: true })
    else customerHungUp({ callId, name })
  } else if (gone === 'timeout') {
    if (known.timedOut) update({ timedOut: true })
    else customerTimedOut({ callId, name })
  }
}

/** `customer:join`: the customer came back within the grace period. */
export function customerReconnected(event: CustomerCallEvent): void {
  update({ connected: true, hungUp: false })
  notify({
    variant: 'success',
    messageId: 'call.customer.reconnected',
    values: { name: isolateBidi(event.name) },
  })
}

/** `customer:disconnect:call`: the customer's link dropped, or they were kicked. */
export function customerDisconnected(event: CustomerDisconnect): void {
  update({ connected: false })
  if (event.reason === 'kicked') {
    update({ kicked: true })
    notify({ variant: 'neutral', messageId: 'call.customer.out' })
  } else
    notify({
      variant: 'warning',
      messageId: 'call.customer.disconnectedCall',
      values: { reason: messageKey(event.reason) },
    })
}

/** `customer:timeout`: the customer did not come back in time. */
export function customerTimedOut(event: CustomerCallEvent): void {
  update({ connected: false, timedOut: true })
  notify({
    variant: 'warning',
    messageId: 'call.customer.timeout',
    values: { name: isolateBidi(event.name) },
  })
}

/** `customer:hangup`: the customer left; the agent ends the call when ready. */
export function customerHungUp(event: CustomerCallEvent): void {
  update({ connected: false, hungUp: true })
  notify({ variant: 'neutral', messageId: 'call.customer.hangup', values: { name: isolateBidi(event.name) } })
}

/** `customer:permissions`: a denied camera or microphone is reported to the agent. */
export function customerPermissions(event: CustomerPermissions): void {
  update({ permissions: { camera: event.camera, microphone: event.microphone } })
  if (!event.camera || !event.microphone)
    notify({
      variant: 'warning',
      messageId: 'call.customer.permissions',
      values: {
        denied: !event.camera && !event.microphone ? 'both' : event.camera ? 'microphone' : 'camera',
      },
    })
}

/** A customer entered a meeting (admitted from the waiting room). */
export function customerJoined(name: string): void {
  update({ name, connected: true })
  notify({ variant: 'success', messageId: 'call.customer.joined', values: { name: isolateBidi(name) } })
}

/**
 * Removes the customer from the call (after the agent confirmed); their session cannot come back.
 *
 * @example
 * if (await kickCustomer()) console.log('removed')
 */
export async function kickCustomer(): Promise<boolean> {
  $kicking.set(true)
  try {
    await realtime().request('kick', {}, v.null())
    update({ kicked: true, connected: false })
    $kickConfirming.set(false)
    return true
  } catch {
    notify({ variant: 'danger', messageId: 'call.kick.error' })
    return false
  } finally {
    $kicking.set(false)
  }
}

/** Forgets the customer (the call ended). */
export function resetCustomer(): void {
  $callCustomer.set(EMPTY)
  $kicking.set(false)
  $kickConfirming.set(false)
}

onCallCleanup(resetCustomer)
