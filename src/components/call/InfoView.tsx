import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $call } from '../../stores/call/call'
import { $queueNotifying, notifyQueue } from '../../stores/call/queue-notify'
import type { MessageId } from '../../stores/app/i18n'
import { TagsField } from './TagsField'
import { CommentsField } from './CommentsField'
import { CustomerDetails } from './CustomerDetails'
import { IntegrationData } from './IntegrationData'
import '@shoelace-style/shoelace/dist/components/details/details.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/** The info view (default): tags, source, queue ticket, integration data, customer details, comments. */
export function InfoView() {
  const intl = useIntl()
  const call = useStore($call)
  const notifying = useStore($queueNotifying)
  const details = call?.details
  if (!call) return null
  if (!details)
    return (
      <div className="info-view">
        <h3>
          <bdi>{call.appointment?.title}</bdi>
        </h3>
        <dl className="details">
          <div className="line">
            <dt>
              <FormattedMessage id="call.info.appointment" />
            </dt>
            <dd>{call.appointment?.service?.title ?? '—'}</dd>
          </div>
        </dl>
      </div>
    )
  const branch = details.branch?.label ?? details.inboundData.branch?.label ?? null
  const ticket = details.ticketId ?? details.inboundData.ticketId
  const poc = details.poc?.label ?? details.inboundData.poc?.label ?? null
  const source: [MessageId, string | null][] = [
    ['call.info.callId', details.id],
    ['call.inbound.segment', details.segment.name],
    ['call.info.branch', branch],
    ['call.info.ticket', ticket],
    ['call.info.poc', poc],
  ]
  return (
    <div className="info-view">
      <TagsField />
      <sl-details summary={intl.formatMessage({ id: 'call.info.source' })} className="source-section">
        <dl className="details">
          {source.map(([labelId, value]) => (
            <div className="line" key={labelId}>
              <dt>{intl.formatMessage({ id: labelId })}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </sl-details>
      {/* Loading, not disabled, for its 3 s: disabled would drop the keyboard focus; the store sends one. */}
      <sl-button size="small" className="notify-queue" loading={notifying} onClick={notifyQueue}>
        <FormattedMessage id="call.info.notifyQueue" />
      </sl-button>
      <section aria-labelledby="integration-heading">
        <h3 id="integration-heading">
          <FormattedMessage id="call.info.integration" />
        </h3>
        <IntegrationData data={details.integrationData} />
      </section>
      <section aria-labelledby="customer-heading">
        <h3 id="customer-heading">
          <FormattedMessage id="call.info.customer" values={{ name: <bdi>{details.customerName}</bdi> }} />
        </h3>
        <CustomerDetails data={details.extraData} />
        {details.form.length > 0 && (
          <dl className="details customer-form">
            {details.form.map((field, index) => (
              <div className="line" key={`${field.label}-${index}`}>
                <dt>
                  <bdi>{field.label}</bdi>
                </dt>
                <dd>
                  <bdi>
                    {Array.isArray(field.value) ? field.value.join(', ') : String(field.value ?? '—')}
                  </bdi>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <CommentsField />
    </div>
  )
}
