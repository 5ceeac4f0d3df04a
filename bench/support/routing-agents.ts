// A share of bench/server-routing.ts's agents, in a process of its own: each process holds few enough
// sockets that its event loop is free when an `inbound` arrives, so the time it stamps is when the
// message reached it, not when a backlog let it look. Stamps are `process.hrtime` (CLOCK_MONOTONIC):
// the same clock in every process of the machine, so they compare with the parent's stamps exactly.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { observeGcPauses } from './gc-pauses'

interface Start {
  type: 'start'
  url: string
  emails: string[]
}

const sockets: Socket[] = []
const loop = monitorEventLoopDelay({ resolution: 1 })
// This process's collections: one holds every `inbound` that reaches it meanwhile unstamped.
const gcPauses = observeGcPauses()

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

async function start({ url, emails }: Start): Promise<void> {
  await pool(emails, 25, async (email) => {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench', agreement: true }),
    })
    if (!response.ok) throw new Error(`login ${email}: ${response.status}`)
    const { accessToken } = (await response.json()) as { accessToken: string }
    const socket = io(url, { path: '/ws', transports: ['websocket'], reconnection: false, forceNew: true })
    sockets.push(socket)
    socket.on('inbound', (call: { customerName: string }) => {
      const at = process.hrtime.bigint()
      process.send?.({ type: 'rung', name: call.customerName, at: at.toString() })
    })
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    await socket
      .timeout(30_000)
      .emitWithAck('authenticate', { accessToken, sessionId: randomUUID(), timezone: 'UTC' })
    await socket.timeout(30_000).emitWithAck('status', { status: 'available' })
  })
  process.send?.({ type: 'ready' })
}

process.on('message', (message: Start | { type: 'measure' } | { type: 'report' } | { type: 'stop' }) => {
  if (message.type === 'start')
    start(message).catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
  if (message.type === 'measure') {
    // The logins' and connections' garbage is collected now, before the window (as the server's lead-in
    // has the server collect its own): one run of 10 on 2 cores (December 2026) had an agent process's
    // major collection in the window, and the `inbound` it held reached the clients' p99 17 ms late.
    globalThis.gc?.()
    loop.enable()
    process.send?.({ type: 'measuring' })
  }
  if (message.type === 'report') {
    loop.disable()
    process.send?.({ type: 'report', loopP99Ms: loop.percentile(99) / 1e6, gcPauses })
  }
  if (message.type === 'stop') {
    for (const socket of sockets) socket.disconnect()
    process.exit(0)
  }
})
