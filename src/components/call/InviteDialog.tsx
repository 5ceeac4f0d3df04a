import { useRef } from 'react'
import type SlButton from '@shoelace-style/shoelace/dist/components/button/button.component.js'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $invite, chooseInvitee, closeInvite, confirmInvite, inviteAgents } from '../../stores/call/invite'
import { AgentsTable } from './AgentsTable'
import { useFocusAfterChoice } from '../common/useFocusAfterChoice'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/** The invite modal: the agents table, refresh, and an invite button that reads 'waiting' while pending. */
export function InviteDialog() {
  const intl = useIntl()
  const invite = useStore($invite)
  const confirm = useRef<SlButton>(null)
  const chosen = useFocusAfterChoice(confirm)
  return (
    <sl-dialog
      className="invite-dialog"
      label={intl.formatMessage({ id: 'call.invite.title' })}
      open={invite.open}
      onsl-request-close={(event) => {
        if (event.target !== event.currentTarget) return
        if (invite.pending) event.preventDefault()
        else closeInvite()
      }}
    >
      <div className="table-toolbar">
        <sl-icon-button
          name="arrow-clockwise"
          label={intl.formatMessage({ id: 'call.table.refresh' })}
          onClick={() => void inviteAgents.refresh()}
        ></sl-icon-button>
      </div>
      <AgentsTable
        list={inviteAgents}
        selected={invite.target?.id ?? null}
        locked={invite.pending}
        onSelect={(agent) => {
          chooseInvitee(agent)
          chosen()
        }}
      />
      <sl-button slot="footer" disabled={invite.pending} onClick={closeInvite}>
        <FormattedMessage id="call.cancel" />
      </sl-button>
      <sl-button
        slot="footer"
        variant="primary"
        className="confirm-invite"
        ref={confirm}
        disabled={!invite.target || invite.pending}
        onClick={() => void confirmInvite()}
      >
        <FormattedMessage id={invite.pending ? 'call.invite.waiting' : 'call.invite.confirm'} />
      </sl-button>
    </sl-dialog>
  )
}
