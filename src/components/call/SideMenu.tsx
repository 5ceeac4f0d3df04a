import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $call, $inMeeting } from '../../stores/call/call'
import { $callForm } from '../../stores/call/call-form'
import { $callView, $pendingCallView, showCallView, type CallView } from '../../stores/call/call-views'
import { $chat } from '../../stores/call/chat'
import { $features } from '../../stores/profile/settings'
import { $waitingRoom } from '../../stores/call/waiting-room'
import { openTransfer } from '../../stores/call/transfer'
import { openInvite } from '../../stores/call/invite'
import type { MessageId } from '../../stores/app/i18n'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import '@shoelace-style/shoelace/dist/components/badge/badge.js'

interface MenuEntry {
  key: string
  icon: string
  labelId: MessageId
  /** The view it shows, or the action it runs. */
  view?: CallView
  action?: () => void
  count?: number
  disabled?: boolean
}

interface SideMenuProps {
  /** Opens the kick confirmation. */
  onKick: () => void
}

/** The call panel's side menu, with the icons, counts and visibility rules of SPEC §2. */
export function SideMenu({ onKick }: SideMenuProps) {
  const intl = useIntl()
  const call = useStore($call)
  const meeting = useStore($inMeeting)
  const form = useStore($callForm)
  const view = useStore($callView)
  const pending = useStore($pendingCallView)
  const chat = useStore($chat)
  const waiting = useStore($waitingRoom)
  const features = useStore($features)
  const owner = call?.role === 'agent'
  const recording = call?.recordingsSettings
  const entries: MenuEntry[] = [
    { key: 'info', icon: 'info-circle', labelId: 'call.menu.info', view: 'info' },
    ...(form.definition
      ? [
          {
            key: 'agent-form',
            icon: 'ui-checks',
            labelId: 'call.menu.agentForm',
            view: 'agent-form',
          } as const,
        ]
      : []),
    { key: 'chat', icon: 'chat-dots', labelId: 'call.menu.chat', view: 'chat', count: chat.unread },
    ...(features.fileShare
      ? [
          {
            key: 'fileshare',
            icon: 'folder-symlink',
            labelId: 'call.menu.fileShare',
            view: 'fileshare',
          } as const,
        ]
      : []),
    ...(features.capture
      ? [{ key: 'capture', icon: 'camera', labelId: 'call.menu.capture', view: 'capture' } as const]
      : []),
    ...(!meeting && owner
      ? [
          {
            key: 'transfer',
            icon: 'arrow-left-right',
            labelId: 'call.menu.transfer',
            action: openTransfer,
          } as const,
          { key: 'invite', icon: 'person-plus', labelId: 'call.menu.invite', action: openInvite } as const,
          { key: 'kick', icon: 'person-x', labelId: 'call.menu.kick', action: onKick } as const,
        ]
      : []),
    {
      key: 'authorizations',
      icon: 'door-open',
      labelId: 'call.menu.authorizations',
      view: 'authorizations',
      count: waiting.length,
    },
    ...(features.apps
      ? [{ key: 'custom-apps', icon: 'grid', labelId: 'call.menu.customApps', view: 'custom-apps' } as const]
      : []),
    ...(recording?.enabled && !recording.automaticRecord
      ? [{ key: 'recording', icon: 'record-circle', labelId: 'call.menu.recording', disabled: true } as const]
      : []),
  ]
  return (
    <nav className="side-menu" aria-label={intl.formatMessage({ id: 'call.menu.label' })}>
      {entries.map((entry) => {
        const label = intl.formatMessage({ id: entry.labelId })
        const countLabel = entry.count
          ? intl.formatMessage({ id: 'call.menu.count' }, { count: entry.count })
          : ''
        const current = entry.view !== undefined && (pending ?? view) === entry.view
        return (
          <button
            key={entry.key}
            type="button"
            className={`menu-entry menu-${entry.key} ${current ? 'is-current' : ''}`}
            aria-current={entry.view !== undefined && view === entry.view ? 'page' : undefined}
            aria-label={countLabel ? `${label}, ${countLabel}` : label}
            title={label}
            disabled={entry.disabled}
            onClick={() => (entry.view ? showCallView(entry.view) : entry.action?.())}
          >
            <sl-icon name={entry.icon} aria-hidden="true"></sl-icon>
            {entry.count ? (
              <sl-badge variant="danger" pill className="menu-count" aria-hidden="true">
                {entry.count}
              </sl-badge>
            ) : null}
          </button>
        )
      })}
    </nav>
  )
}
