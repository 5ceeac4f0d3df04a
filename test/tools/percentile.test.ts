import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { percentile } from '../../bench/support/percentile'
import { histogramIncrease, histogramQuantile, parsePrometheus } from '../server/support/prometheus'

describe('the benchmarks’ percentile (bench/support/percentile)', () => {
  it('picks the nearest rank: the ⌈p·n⌉-th value in order', () => {
    const descending = Array.from({ length: 200 }, (_, index) => 200 - index)
    assert.equal(percentile(descending, 99), 198)
    assert.equal(percentile(descending, 50), 100)
    assert.equal(percentile(descending, 100), 200)
    assert.equal(percentile([7], 99), 7)
    assert.ok(Number.isNaN(percentile([], 99)))
  })

  it('ranks as a Prometheus histogram’s quantile does, so a client and a server compare like for like', () => {
    // 200 observations of 1…200 ms in 1 ms buckets: the histogram's p99 lands at the top of the 198th's bucket.
    const values = Array.from({ length: 200 }, (_, index) => index + 1)
    const lines = values.map((ms) => `latency_seconds_bucket{le="${ms / 1000}"} ${ms}`)
    lines.push(`latency_seconds_bucket{le="+Inf"} 200`, `latency_seconds_count 200`)
    const server = histogramQuantile(parsePrometheus(lines.join('\n')), 'latency_seconds', 0.99) * 1000
    assert.equal(Math.round(server), percentile(values, 99))
  })

  it('reads a quantile of the observations between two scrapes only (a warm-up left out)', () => {
    // Before: 10 slow observations (warm-up, 50 ms); after: the same 10 and 100 more of 1…100 ms.
    const scrape = (values: number[]) => {
      const bounds = Array.from({ length: 100 }, (_, index) => index + 1)
      const lines = bounds.map(
        (ms) => `latency_seconds_bucket{le="${ms / 1000}"} ${values.filter((value) => value <= ms).length}`,
      )
      lines.push(
        `latency_seconds_bucket{le="+Inf"} ${values.length}`,
        `latency_seconds_count ${values.length}`,
      )
      lines.push(`latency_seconds_sum ${values.reduce((sum, value) => sum + value / 1000, 0)}`)
      return parsePrometheus(lines.join('\n'))
    }
    const warmUp = Array.from({ length: 10 }, () => 50)
    const measured = Array.from({ length: 100 }, (_, index) => index + 1)
    const window = histogramIncrease(scrape([...warmUp, ...measured]), scrape(warmUp), 'latency_seconds')
    const count = window.find((sample) => sample.name === 'latency_seconds_count')?.value
    assert.equal(count, 100)
    assert.equal(
      Math.round(histogramQuantile(window, 'latency_seconds', 0.99) * 1000),
      percentile(measured, 99),
    )
    assert.equal(
      Math.round(histogramQuantile(window, 'latency_seconds', 0.5) * 1000),
      percentile(measured, 50),
    )
  })
})
