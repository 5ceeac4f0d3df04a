import { useRef } from 'react'
import type SlButton from '@shoelace-style/shoelace/dist/components/button/button.component.js'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { fullName } from '../../stores/directory/agents-directory'
import {
  $transfer,
  chooseTransferTarget,
  closeTransfer,
  confirmTransfer,
  filterTransferAgents,
  showTransferTab,
  transferAgents,
  transferSegments,
} from '../../stores/call/transfer'
import { $call } from '../../stores/call/call'
import { AgentsTable } from './AgentsTable'
import { SegmentsTable } from './SegmentsTable'
import { useFocusAfterChoice } from '../common/useFocusAfterChoice'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js'
import '@shoelace-style/shoelace/dist/components/tab/tab.js'
import '@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
import '@shoelace-style/shoelace/dist/components/input/input.js'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

/** The transfer modal: departments and agents tabs, refresh, name filter, the target named, confirm. */
export function TransferDialog() {
  const intl = useIntl()
  const transfer = useStore($transfer)
  const target = transfer.target
  const currentSegment = useStore($call)?.details?.segment.id ?? null
  const confirm = useRef<SlButton>(null)
  const chosen = useFocusAfterChoice(confirm)
  return (
    <sl-dialog
      className="transfer-dialog"
      label={intl.formatMessage({ id: 'call.transfer.title' })}
      open={transfer.open}
      onsl-request-close={(event) => {
        if (event.target !== event.currentTarget) return
        if (transfer.pending) event.preventDefault()
        else closeTransfer()
      }}
    >
      <sl-tab-group
        onsl-tab-show={(event) =>
          showTransferTab((event as CustomEvent<{ name: string }>).detail.name as 'segments' | 'agents')
        }
      >
        <sl-tab slot="nav" panel="segments" active={transfer.tab === 'segments'}>
          <FormattedMessage id="call.transfer.segments" />
        </sl-tab>
        <sl-tab slot="nav" panel="agents" active={transfer.tab === 'agents'}>
          <FormattedMessage id="call.transfer.agents" />
        </sl-tab>
        <sl-tab-panel name="segments" active={transfer.tab === 'segments'}>
          <div className="table-toolbar">
            <sl-icon-button
              name="arrow-clockwise"
              label={intl.formatMessage({ id: 'call.table.refresh' })}
              onClick={() => void transferSegments.refresh()}
            ></sl-icon-button>
          </div>
          <SegmentsTable
            list={transferSegments}
            selected={target?.type === 'segment' ? target.id : null}
            locked={transfer.pending}
            current={currentSegment}
            onSelect={(segment) => {
              chooseTransferTarget({ type: 'segment', id: segment.id, name: segment.name })
              chosen()
            }}
          />
        </sl-tab-panel>
        <sl-tab-panel name="agents" active={transfer.tab === 'agents'}>
          <div className="table-toolbar">
            <sl-input
              size="small"
              type="search"
              className="agent-filter"
              label={intl.formatMessage({ id: 'call.table.filter' })}
              value={transfer.filter}
              onsl-input={(event) => filterTransferAgents((event.target as HTMLInputElement).value)}
            ></sl-input>
            <sl-icon-button
              name="arrow-clockwise"
              label={intl.formatMessage({ id: 'call.table.refresh' })}
              onClick={() => void transferAgents.refresh()}
            ></sl-icon-button>
          </div>
          <AgentsTable
            list={transferAgents}
            selected={target?.type === 'agent' ? target.id : null}
            locked={transfer.pending}
            onSelect={(agent) => {
              chooseTransferTarget({ type: 'agent', id: agent.id, name: fullName(agent) })
              chosen()
            }}
          />
        </sl-tab-panel>
      </sl-tab-group>
      {target && (
        <sl-alert variant="primary" open className="transfer-target">
          <sl-icon slot="icon" name="info-circle"></sl-icon>
          <FormattedMessage id="call.transfer.target" values={{ type: target.type, name: target.name }} />
        </sl-alert>
      )}
      <sl-button slot="footer" disabled={transfer.pending} onClick={closeTransfer}>
        <FormattedMessage id="call.cancel" />
      </sl-button>
      <sl-button
        slot="footer"
        variant="primary"
        className="confirm-transfer"
        ref={confirm}
        disabled={!target}
        loading={transfer.pending}
        onClick={() => void confirmTransfer()}
      >
        <FormattedMessage id="call.transfer.confirm" />
      </sl-button>
    </sl-dialog>
  )
}
