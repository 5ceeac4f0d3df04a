/** One sample of the Prometheus text format. */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

/** Parses the text exposition format (comments skipped, label escapes undone). */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = LINE.exec(line)
    if (!match) throw new Error(`not a Prometheus sample: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL))
      labels[key as string] = (raw as string).replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0)
}

/**
 * What a histogram (or any counter) `name` gained between two scrapes, as samples (Prometheus's
 * `increase()` without a reset): `after`'s `name_bucket`, `name_count` and `name_sum` samples less the
 * same samples of `before`. Quantiles of the result cover the observations in between only.
 *
 * @example
 * histogramQuantile(histogramIncrease(later, earlier, 'latency_seconds'), 'latency_seconds', 0.99)
 */
export function histogramIncrease(after: Sample[], before: Sample[], name: string): Sample[] {
  const key = (sample: Sample) => `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`
  const earlier = new Map(before.map((sample) => [key(sample), sample.value]))
  return after
    .filter((sample) => [`${name}_bucket`, `${name}_count`, `${name}_sum`].includes(sample.name))
    .map((sample) => ({ ...sample, value: sample.value - (earlier.get(key(sample)) ?? 0) }))
}

/**
 * The quantile `q` of a histogram's cumulative buckets, interpolated inside the bucket the way
 * Prometheus's `histogram_quantile` does; NaN without observations.
 */
export function histogramQuantile(samples: Sample[], name: string, q: number): number {
  const buckets = samples
    .filter((sample) => sample.name === `${name}_bucket`)
    .map((sample) => ({
      le: sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le),
      count: sample.value,
    }))
    .sort((a, b) => a.le - b.le)
  const total = buckets.at(-1)?.count ?? 0
  if (total === 0) return NaN
  const rank = q * total
  let lower = 0
  let below = 0
  for (const bucket of buckets) {
    if (bucket.count >= rank) {
      if (bucket.le === Infinity) return lower
      const inside = bucket.count - below
      return inside === 0 ? bucket.le : lower + ((bucket.le - lower) * (rank - below)) / inside
    }
    lower = bucket.le
    below = bucket.count
  }
  return lower
}
