/**
 * The browser's view of the network: online or not, and its own estimates of round trip and bandwidth
 * (Network Information API, where there is one). Cheap to read, nothing is sent.
 */

/** One reading. */
export interface NetworkSample {
  online: boolean
  /** Estimated round trip in ms, or null when the browser does not say. */
  rttMs: number | null
  /** Estimated downlink in Mbit/s, or null. */
  downlinkMbps: number | null
  /** `4g`, `3g`, `2g`, `slow-2g`, or null. */
  effectiveType: string | null
}

interface NetworkInformation {
  rtt?: number
  downlink?: number
  effectiveType?: string
}

/**
 * Reads the network's state now.
 *
 * @example
 * const { online, rttMs } = sampleNetwork()
 */
export function sampleNetwork(): NetworkSample {
  const info = (navigator as Navigator & { connection?: NetworkInformation }).connection
  return {
    online: navigator.onLine,
    rttMs: typeof info?.rtt === 'number' ? info.rtt : null,
    downlinkMbps: typeof info?.downlink === 'number' ? info.downlink : null,
    effectiveType: info?.effectiveType ?? null,
  }
}
