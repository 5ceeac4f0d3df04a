import { MediaCaptureError } from './media'

/**
 * What the agent can do about a failed camera or microphone capture, by the browser's error name: the
 * browser's own message ("Permission denied") is English and says nothing of the way out.
 */
export type CaptureAdvice = 'blocked' | 'missing' | 'busy' | 'unsupported' | 'none'

const ADVICE_BY_REASON: Record<string, CaptureAdvice> = {
  NotAllowedError: 'blocked',
  SecurityError: 'blocked',
  NotFoundError: 'missing',
  OverconstrainedError: 'missing',
  NotReadableError: 'busy',
  AbortError: 'busy',
  NotSupportedError: 'unsupported',
  TypeError: 'unsupported',
}

/**
 * The advice for a capture error's name (`MediaCaptureError.reason`, a DOMException name); `none` when
 * there is nothing useful to add.
 *
 * @example
 * captureAdvice('NotAllowedError') // 'blocked': allow the camera from the address bar
 */
export function captureAdvice(reason: string | null | undefined): CaptureAdvice {
  return (reason && Object.hasOwn(ADVICE_BY_REASON, reason) && ADVICE_BY_REASON[reason]) || 'none'
}

/**
 * The advice for a failed capture as it was thrown: a `MediaCaptureError` by its name, anything else none.
 *
 * @example
 * captureAdviceOf(error) // 'busy' for NotReadableError
 */
export function captureAdviceOf(error: unknown): CaptureAdvice {
  return captureAdvice(error instanceof MediaCaptureError ? error.reason : null)
}
