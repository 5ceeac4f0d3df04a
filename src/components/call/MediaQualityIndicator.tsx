import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $mediaQuality, type QualityLevel } from '../../stores/call/media-quality'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

const ICONS: Record<QualityLevel, string> = {
  good: 'reception-4',
  fair: 'reception-2',
  poor: 'reception-0',
  unknown: 'reception-2',
}

/**
 * The customer's media quality in the call panel: good, fair or poor with the reason in words, and the way
 * the media goes (direct, or through a relay over UDP, TCP or TLS). The level and reason sit in a polite
 * live region whose words change only when they do, so a screen reader speaks on a change, not every second.
 *
 * @example
 * <MediaQualityIndicator />
 */
export function MediaQualityIndicator() {
  const quality = useStore($mediaQuality)
  return (
    <div
      className={`media-quality quality-${quality.level}`}
      data-level={quality.level}
      data-reason={quality.reason}
      data-transport={quality.transport}
      data-candidate-type={quality.candidateType ?? ''}
      data-relay-protocol={quality.relayProtocol ?? ''}
    >
      <sl-icon name={ICONS[quality.level]} aria-hidden="true"></sl-icon>
      <p className="media-quality-level" role="status" aria-atomic="true">
        <FormattedMessage id="call.quality.level" values={{ level: quality.level }} />
        {quality.reason !== 'none' && (
          <>
            {' '}
            <FormattedMessage id="call.quality.reason" values={{ reason: quality.reason }} />
          </>
        )}
      </p>
      <p className="media-quality-transport">
        <FormattedMessage id="call.quality.transport" values={{ transport: quality.transport }} />
      </p>
    </div>
  )
}
