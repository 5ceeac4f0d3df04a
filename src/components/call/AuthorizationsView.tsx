import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $waitingRoom,
  $waitingRoomBusy,
  acceptParticipant,
  denyParticipant,
} from '../../stores/call/waiting-room'
import { RelativeMinutes } from './RelativeMinutes'
import { isolateBidi } from '../../lib/bidi'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/** The waiting room: who waits and since when, with accept and deny by session id. */
export function AuthorizationsView() {
  const intl = useIntl()
  const waiting = useStore($waitingRoom)
  const busy = useStore($waitingRoomBusy)
  if (waiting.length === 0)
    return (
      <p className="authorizations-empty">
        <FormattedMessage id="call.waitingRoom.empty" />
      </p>
    )
  return (
    <ul className="authorizations">
      {waiting.map((person) => {
        const name = person.name || person.sessionId
        return (
          <li key={person.sessionId} className="authorization">
            <bdi className="who">{name}</bdi>
            <span className="waited">
              <FormattedMessage id="call.waitingRoom.waiting" />{' '}
              <RelativeMinutes since={Date.parse(person.createdAt)} />
            </span>
            <sl-icon-button
              name="check-lg"
              className="accept"
              label={intl.formatMessage({ id: 'call.waitingRoom.accept' }, { name: isolateBidi(name) })}
              disabled={busy.includes(person.sessionId)}
              onClick={() => void acceptParticipant(person.sessionId)}
            ></sl-icon-button>
            <sl-icon-button
              name="x-lg"
              className="deny"
              label={intl.formatMessage({ id: 'call.waitingRoom.deny' }, { name: isolateBidi(name) })}
              disabled={busy.includes(person.sessionId)}
              onClick={() => void denyParticipant(person.sessionId)}
            ></sl-icon-button>
          </li>
        )
      })}
    </ul>
  )
}
