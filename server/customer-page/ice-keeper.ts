/**
 * The ICE servers of a page's media, asked of the server (`ice:servers`) and kept fresh: the TURN
 * credentials live a short while, so while the page is in a call (or about to be) it asks again at
 * three quarters of their life and hands the new servers on, and a call longer than one credential
 * keeps its relay.
 */
import * as v from 'valibot'
import { IceConfigSchema, type IceConfig, type Reply } from '../../src/protocol'
import { ICE_RENEW_AT_SHARE } from '../../src/constants'
import { clock, type TimerId } from '../../src/services/clock'

/** Never ask again sooner than this (a clock far off the server's makes a credential look near its end). */
export const MIN_RENEW_MS = 10_000
/** A failed ask is tried again this much later while the page is in a call. */
export const ASK_RETRY_MS = 5_000

/**
 * When to ask again for a config received at `receivedAt` (epoch ms of this page's clock): at
 * `ICE_RENEW_AT_SHARE` of its life, never sooner than `MIN_RENEW_MS`; null when nothing expires.
 *
 * @example
 * renewalAt({ iceServers: [], iceTransportPolicy: 'all', expiresAt: 100_000 }, 20_000) // 80_000
 */
export function renewalAt(config: IceConfig, receivedAt: number): number | null {
  if (config.expiresAt === null) return null
  const life = config.expiresAt - receivedAt
  return receivedAt + Math.max(MIN_RENEW_MS, life * ICE_RENEW_AT_SHARE)
}

/** What a page shows its tests of the ICE config in use: its policy, its end, how many it received. */
export interface IceInUse {
  iceTransportPolicy: IceConfig['iceTransportPolicy']
  expiresAt: number | null
  /** Configs received so far (the first, then each renewal). */
  received: number
}

/** Where the keeper asks and whom it tells. */
export interface IceKeeperOptions {
  /** Asks the server (`ice:servers` on the page's socket); a rejection counts as a failed reply. */
  ask(): Promise<Reply<unknown>>
  /** The first config, and each renewed one (never called before the server answered once). */
  onConfig(config: IceConfig, inUse: IceInUse): void
}

/**
 * Asks for ICE servers and renews them while `active`. A reply is checked against the protocol (a
 * hostile or broken server gives no TURN URL the schema refuses). A failed ask is tried again while
 * active, and keeps what the page had (its servers without the credentials once they are past their end).
 * Before a first answer there is no config at all: the page learns its policy only from the server, and
 * guessing `all` could hand a relay-only account's customer address to the agent.
 *
 * @example
 * const ice = new IceKeeper({ ask: () => request(socket, 'ice:servers', {}), onConfig: (c) => mesh.setIce(c) })
 * ice.setActive(true) // in the queue or the call: asked now, renewed before it expires
 */
export class IceKeeper {
  #config: IceConfig | null = null
  #renewAt: number | null = null
  #active = false
  #timer: TimerId | undefined
  #asking: Promise<void> | null = null
  #received = 0

  constructor(private readonly options: IceKeeperOptions) {}

  /** The config in use (null before the first answer). */
  get config(): IceConfig | null {
    return this.#config
  }

  /** Asks unless a config is in hand and not yet due for renewal (the agent page asks once signed in). */
  ensure(): Promise<void> {
    return this.#due() ? this.refresh() : Promise.resolve()
  }

  /** Asks now (one ask at a time: a second caller shares the first). */
  refresh(): Promise<void> {
    this.#asking ??= this.#ask().finally(() => (this.#asking = null))
    return this.#asking
  }

  /**
   * In the queue, the waiting room or a call (true): the config is renewed before it expires. Outside
   * (false) nothing is asked; becoming active with a config due asks at once.
   */
  setActive(active: boolean): void {
    if (active === this.#active) return
    this.#active = active
    if (!active) return clock.clearTimeout(this.#timer)
    if (this.#due()) void this.refresh()
    else this.#schedule()
  }

  #due(): boolean {
    return !this.#config || (this.#renewAt !== null && clock.now() >= this.#renewAt)
  }

  async #ask(): Promise<void> {
    const reply = await this.options.ask().catch(() => null)
    const parsed = reply?.ok ? v.safeParse(IceConfigSchema, reply.data) : null
    const now = clock.now()
    const previous = this.#config
    if (parsed?.success) {
      this.#config = parsed.output
      this.#renewAt = renewalAt(parsed.output, now)
    } else {
      this.#config = this.#fallback(now)
      this.#renewAt = now + ASK_RETRY_MS
    }
    // A failed ask that changes nothing does not restart every connection's ICE.
    const config = this.#config
    if (config && config !== previous) {
      const { iceTransportPolicy, expiresAt } = config
      this.options.onConfig(config, { iceTransportPolicy, expiresAt, received: ++this.#received })
    }
    this.#schedule()
  }

  /**
   * What to use when the server did not answer: what the page had while its credentials last, then its
   * servers without credentials (STUN), under the same policy (relay-only stays relay-only).
   */
  #fallback(now: number): IceConfig | null {
    const previous = this.#config
    if (!previous) return null
    if (previous.expiresAt === null || now < previous.expiresAt) return previous
    const iceServers = previous.iceServers.filter((server) => server.credential === undefined)
    return { iceServers, iceTransportPolicy: previous.iceTransportPolicy, expiresAt: null }
  }

  #schedule(): void {
    clock.clearTimeout(this.#timer)
    if (!this.#active || this.#renewAt === null) return
    this.#timer = clock.setTimeout(() => void this.refresh(), Math.max(0, this.#renewAt - clock.now()))
  }
}
