/**
 * The nearest-rank percentile: the smallest value with at least p % of the values at or below it
 * (the ⌈p·n/100⌉-th in order), so p = 100 is the maximum. It is the rank a Prometheus histogram's
 * quantile picks its bucket by (`q · count`), so a client-side figure and a server's histogram
 * compare like for like. NaN for no values.
 *
 * @example
 * percentile([5, 1, 4, 2, 3], 50) // 3
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}
