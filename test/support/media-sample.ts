import type { MediaSample } from '../../src/services/media-stats'

/**
 * A second of a call's media as `readMediaSample` gives it: direct and clean unless `patch` says otherwise.
 *
 * @example
 * qualityOf(mediaSample({ loss: 0.05 })) // fair, loss
 */
export function mediaSample(patch: Partial<MediaSample> = {}): MediaSample {
  return {
    at: 0,
    rttMs: 40,
    jitterMs: 5,
    loss: 0,
    inKbps: 900,
    outKbps: 900,
    candidateType: 'host',
    relayProtocol: null,
    framesDecoded: 30,
    bytesReceived: 0,
    bytesSent: 0,
    packetsReceived: 0,
    packetsLost: 0,
    ...patch,
  }
}
