import { FormattedMessage, useIntl } from 'react-intl'
import type { CallHistoryDetail, CallQuality } from '../../protocol'
import type { MessageId } from '../../stores/app/i18n'
import { transportOf } from '../../stores/call/media-transport'
import { Card } from './CallDetailSections'

/** A measure in a unit (`millisecond`, `kilobit-per-second`, `percent`), or a dash when not measured. */
function useMeasure() {
  const intl = useIntl()
  return (value: number | null, unit: 'millisecond' | 'kilobit-per-second' | 'percent' | 'second') => {
    if (value === null) return '—'
    if (unit === 'percent') return intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 })
    return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 })
  }
}

/**
 * What the agent's console measured of the call's media (sent at the call's end): how long the video took,
 * round trip, jitter, loss, bitrates, the way the media went and how often it had to reconnect. Absent when
 * the server has no summary (an older call, or a console that could not send it).
 *
 * @example
 * <CallQualityCard detail={detail} />
 */
export function CallQualityCard({ detail }: { detail: CallHistoryDetail }) {
  const intl = useIntl()
  const measure = useMeasure()
  const quality: CallQuality | null = detail.quality ?? null
  if (!quality) return null
  const rows: [MessageId, string][] = [
    ['history.quality.setup', measure(quality.setupMs, 'millisecond')],
    [
      'history.quality.path',
      intl.formatMessage(
        { id: 'call.quality.transport' },
        { transport: transportOf(quality.candidateType, quality.relayProtocol) },
      ),
    ],
    ['history.quality.relayShare', measure(quality.relayShare, 'percent')],
    ['history.quality.rtt', measure(quality.rttMs, 'millisecond')],
    ['history.quality.jitter', measure(quality.jitterMs, 'millisecond')],
    ['history.quality.loss', measure(quality.loss, 'percent')],
    ['history.quality.received', measure(quality.inKbps, 'kilobit-per-second')],
    ['history.quality.sent', measure(quality.outKbps, 'kilobit-per-second')],
    ['history.quality.restarts', intl.formatNumber(quality.restarts)],
    ['history.quality.measured', measure(quality.samples, 'second')],
  ]
  return (
    <Card title="history.quality.title" name="quality">
      {quality.candidateType === null && (
        <p className="meta">
          <FormattedMessage id="history.quality.neverConnected" />
        </p>
      )}
      <dl className="field-list">
        {rows.map(([label, value]) => (
          <div key={label} className="pair" data-measure={label.slice('history.quality.'.length)}>
            <dt>{intl.formatMessage({ id: label })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
