import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Histogram, Registry } from 'prom-client'
import { ROUTING_LATENCY_BUCKETS } from '../../server/observability/metrics'
import { histogramQuantile, parsePrometheus } from './support/prometheus'

/** The p99 an operator reads (`histogram_quantile`) of `latenciesMs` observed in the routing-latency buckets. */
async function histogramP99(latenciesMs: number[]): Promise<number> {
  const registry = new Registry()
  const histogram = new Histogram({
    name: 'routing_latency_seconds',
    help: 'routing latency',
    buckets: ROUTING_LATENCY_BUCKETS,
    registers: [registry],
  })
  for (const ms of latenciesMs) histogram.observe(ms / 1000)
  return 1000 * histogramQuantile(parsePrometheus(await registry.metrics()), 'routing_latency_seconds', 0.99)
}

/** Nearest rank: of 200, the 198th fastest. */
function rawP99(latenciesMs: number[]): number {
  const sorted = [...latenciesMs].sort((a, b) => a - b)
  return sorted[Math.ceil(0.99 * sorted.length) - 1] as number
}

describe('routing latency buckets', () => {
  it('give a p99 within 1 ms of the raw one, from under a millisecond to 50 ms', async () => {
    // A window of 150 to 250 routed customers (the routing bench has 200): most fast, a few held by a stall.
    const window = fc
      .tuple(
        fc.array(fc.double({ min: 0.1, max: 12, noNaN: true }), { minLength: 150, maxLength: 200 }),
        fc.array(fc.double({ min: 12, max: 50, noNaN: true }), { minLength: 0, maxLength: 50 }),
      )
      .map(([fast, held]) => [...fast, ...held])
    await fc.assert(
      fc.asyncProperty(window, async (latenciesMs) => {
        const read = await histogramP99(latenciesMs)
        const raw = rawP99(latenciesMs)
        assert.ok(Math.abs(read - raw) <= 1, `histogram ${read.toFixed(3)} ms, raw ${raw.toFixed(3)} ms`)
      }),
      { numRuns: 300 },
    )
  })
})
