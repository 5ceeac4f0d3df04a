import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Call, Recording, RecordingActionResult } from '../../../src/protocol'
import { SEED } from '../../../server/store/seed-content'
import type { TestServer } from './test-server'
import { EventClient } from './event-client'
import { answer, queueCustomer } from './call-flow'

/** What Chromium's MediaRecorder wrote: 3.5 s of VP8 and Opus, no duration, no cues (fixtures/README.md). */
export const MEDIA = readFileSync(new URL('../fixtures/media-recorder-3.5s.webm', import.meta.url))
/** Its media type. */
export const MIME = 'video/webm;codecs=vp8,opus'

/** Sets the demo account's recorder (merged into its settings). */
export async function setRecorder(server: TestServer, recorder: Record<string, unknown>): Promise<void> {
  await server.db.query(
    `UPDATE accounts SET settings = jsonb_set(settings, '{recorder}', (settings->'recorder') || $2::jsonb)
      WHERE id = $1`,
    [SEED.account, JSON.stringify(recorder)],
  )
}

/** An agent in a call with a customer, a new segment each time. */
export async function agentInCall(server: TestServer, customerName = 'Carla Cliente') {
  const segment = await server.createSegment(`Recorded ${randomUUID().slice(0, 8)}`)
  const email = await server.createAgent([segment])
  const agent = await server.agent(email, { status: 'available' })
  const customer = await server.customer(randomUUID())
  await queueCustomer(customer, segment, customerName)
  const call: Call = await answer(agent.client)
  await customer.next('call:joined')
  return { agent, email, customer, call, segment }
}

/** `recording` start; resolves with the recording id. */
export async function startRecording(client: EventClient, type?: 'cloud' | 'local'): Promise<string> {
  const reply = await client.request<RecordingActionResult>('recording', {
    action: 'start',
    ...(type ? { type } : {}),
  })
  if (!reply.ok) throw new Error(`recording start: ${JSON.stringify(reply.error)}`)
  return reply.data.recordingId
}

/** A raw recorder socket (connected or refused). */
export function recorderSocket(server: TestServer, auth: Record<string, unknown>): EventClient {
  return new EventClient(server.url, { namespace: '/recorder', auth })
}

/** Waits (bounded) until a recording reaches a status, polling the API as the agent. */
export async function recordingReaches(
  server: TestServer,
  token: string,
  id: string,
  status: Recording['status'],
  timeoutMs = 10_000,
): Promise<Recording> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { body } = await server.http<Recording>('GET', `/recordings/${id}`, { token })
    if (body.status === status) return body
    if (Date.now() > deadline) throw new Error(`recording ${id} is ${body.status}, not ${status}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Cuts bytes into parts of `size`. */
export function parts(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = []
  for (let offset = 0; offset < bytes.byteLength; offset += size)
    out.push(bytes.subarray(offset, offset + size))
  return out
}
