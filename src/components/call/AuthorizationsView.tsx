import { useRef } from 'react'
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
import { useFocusKept } from '../common/useFocusKept'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/** The waiting room: who waits and since when, with accept and deny by session id. */
export function AuthorizationsView() {
  const intl = useIntl()
  const waiting = useStore($waitingRoom)
  const busy = useStore($waitingRoomBusy)
  const area = useRef<HTMLDivElement>(null)
  // Accepting or denying removes the row: the focus goes to the next person, not to the page.
  useFocusKept(area, 'li.authorization', waiting.map((person) => person.sessionId).join())
  return (
    <div ref={area}>
      {waiting.length === 0 ? (
        <p className="authorizations-empty" tabIndex={-1} data-focus-fallback>
          <FormattedMessage id="call.waitingRoom.empty" />
        </p>
      ) : (
        <ul className="authorizations">
          {waiting.map((person) => {
            const name = person.name || person.sessionId
            const deciding = busy.includes(person.sessionId)
            // The buttons stay enabled while a decision is on its way: a disabled button drops
            // the keyboard focus. The store sends one decision per person.
            return (
              <li key={person.sessionId} className="authorization" aria-busy={deciding}>
                <bdi className="who">{name}</bdi>
                <span className="waited">
                  <FormattedMessage id="call.waitingRoom.waiting" />{' '}
                  <RelativeMinutes since={Date.parse(person.createdAt)} />
                </span>
                <sl-icon-button
                  name="check-lg"
                  className="accept"
                  label={intl.formatMessage({ id: 'call.waitingRoom.accept' }, { name: isolateBidi(name) })}
                  onClick={() => void acceptParticipant(person.sessionId)}
                ></sl-icon-button>
                <sl-icon-button
                  name="x-lg"
                  className="deny"
                  label={intl.formatMessage({ id: 'call.waitingRoom.deny' }, { name: isolateBidi(name) })}
                  onClick={() => void denyParticipant(person.sessionId)}
                ></sl-icon-button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
