import { FormattedMessage } from 'react-intl'
import type { InboundCall } from '../../protocol'
import type { MessageId } from '../../stores/app/i18n'
import { RelativeMinutes } from '../call/RelativeMinutes'

interface InboundDetailsProps {
  call: InboundCall
  receivedAt: number
}

/** The lines of a ringing call (SPEC §2 "Inbound modal"); every value is text, never markup. */
export function InboundDetails({ call, receivedAt }: InboundDetailsProps) {
  const previous = call.previousSegment ?? call.segmentPrevious
  // Rung again after a transfer: to an agent (kind transferred), or to a segment (a new inbound ring that
  // carries the segment it came from): both say where it came from on the transfer line (SPEC §2).
  const transferred = call.kind === 'transferred' || Boolean(call.transferred?.segment)
  const branch = call.branch?.label ?? call.inboundData.branch?.label
  const ticket = call.ticketId ?? call.inboundData.ticketId
  const poc = call.poc?.label ?? call.inboundData.poc?.label
  return (
    <dl className="inbound-details">
      {call.invitation ? (
        <Line labelId="call.inbound.invitedBy" value={call.agent ?? ''} />
      ) : (
        <Line labelId="call.inbound.segment" value={call.segment.name} />
      )}
      <div className="line">
        <dt>
          <FormattedMessage id="call.inbound.queueTime" />
        </dt>
        <dd className="queue-time">
          <RelativeMinutes since={receivedAt} offsetMinutes={call.duration} />
        </dd>
      </div>
      {transferred && (
        <div className="line transfer-line">
          <dt>
            <FormattedMessage id="call.inbound.transfer" />
          </dt>
          <dd>
            {call.transferred?.segment ? (
              <FormattedMessage
                id="call.inbound.segmentTransfer"
                values={{ from: previous?.name ?? '', to: call.transferred.segment.name }}
              />
            ) : (
              <FormattedMessage id="call.inbound.directTransfer" values={{ agent: call.agent ?? '' }} />
            )}
          </dd>
        </div>
      )}
      {previous && !transferred && <Line labelId="call.inbound.previousSegment" value={previous.name} />}
      <Line labelId="call.inbound.customer" value={call.customerName} />
      {branch && <Line labelId="call.info.branch" value={branch} />}
      {ticket && <Line labelId="call.info.ticket" value={ticket} />}
      {poc && <Line labelId="call.info.poc" value={poc} />}
    </dl>
  )
}

function Line({ labelId, value }: { labelId: MessageId; value: string }) {
  return (
    <div className="line">
      <dt>
        <FormattedMessage id={labelId} />
      </dt>
      <dd>
        <bdi>{value}</bdi>
      </dd>
    </div>
  )
}
