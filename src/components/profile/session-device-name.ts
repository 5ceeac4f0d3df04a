import type { IntlShape } from 'react-intl'
import type { SessionDevice } from '../../protocol'

/**
 * A session's device in words: "Chrome 120 on Windows 10" when the server could read both, one of them
 * when it read only one, the browser's own name for itself otherwise, and "Unknown device" for none.
 *
 * @example
 * sessionDeviceName(intl, { browser: 'Firefox 121', os: 'Linux', userAgent: '…' }) // 'Firefox 121 on Linux'
 */
export function sessionDeviceName(intl: IntlShape, device: SessionDevice): string {
  if (device.browser && device.os)
    return intl.formatMessage({ id: 'sessions.device' }, { browser: device.browser, os: device.os })
  return (
    device.browser ?? device.os ?? device.userAgent ?? intl.formatMessage({ id: 'sessions.unknownDevice' })
  )
}
