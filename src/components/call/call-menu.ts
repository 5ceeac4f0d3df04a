/**
 * The call panel's side menu as data (SPEC §2 "Call panel"): each entry is a view the panel shows or
 * an action it runs, with its icon, its message and when it shows. The side menu, the view host and
 * the tests all read this table: a new view is one entry here and one component.
 *
 * @example
 * const visible = CALL_MENU.filter((entry) => entry.visible(context))
 */
import type { ComponentType } from 'react'
import { withMessages, type MessageId } from '../../stores/app/i18n'
import type { CallMenuContext } from '../../stores/call/call-menu'
import type { CallView } from '../../stores/call/call-views'
import { openTransfer } from '../../stores/call/transfer'
import { openInvite } from '../../stores/call/invite'
import { askToKick } from '../../stores/call/call-customer'
import { toggleRecording } from '../../stores/call/recording'

interface MenuEntryBase {
  /** Stable id: the entry's class (`menu-<id>`) and key. */
  id: string
  /** A Shoelace (Bootstrap) icon name, registered in `icons/icon-names.json`. */
  icon: string
  /** The entry's accessible name. */
  label: MessageId
  /** Whether the entry shows in this call. */
  visible: (context: CallMenuContext) => boolean
  /** A count shown on the icon (0 shows none). */
  count?: (context: CallMenuContext) => number
}

/** An entry that shows a view of the panel. */
export interface CallViewEntry extends MenuEntryBase {
  kind: 'view'
  id: CallView
  /** The view's component, loaded when it is first shown (its own chunk). */
  load: () => Promise<{ default: ComponentType }>
}

/** An entry that runs an action (a dialog, a toggle). */
export interface CallActionEntry extends MenuEntryBase {
  kind: 'action'
  run: () => void
  /** Shown but not usable (yet). */
  disabled?: (context: CallMenuContext) => boolean
  /** A toggle: whether it is on (the button says so with `aria-pressed`). */
  pressed?: (context: CallMenuContext) => boolean
}

/** One entry of the side menu. */
export type CallMenuEntry = CallViewEntry | CallActionEntry

const always = () => true
/** Transfer, invite and kick belong to the owner of a queued call, not to a meeting or a guest. */
const ownsQueuedCall = (context: CallMenuContext) => !context.meeting && context.owner

/** The side menu, in its order on screen. */
export const CALL_MENU: readonly CallMenuEntry[] = [
  {
    kind: 'view',
    id: 'info',
    icon: 'info-circle',
    label: 'call.menu.info',
    visible: always,
    load: () => withMessages('call/InfoView', import('./InfoView')).then((m) => ({ default: m.InfoView })),
  },
  {
    kind: 'view',
    id: 'agent-form',
    icon: 'ui-checks',
    label: 'call.menu.agentForm',
    visible: (context) => context.hasForm,
    load: () =>
      withMessages('call/AgentFormView', import('./AgentFormView')).then((m) => ({
        default: m.AgentFormView,
      })),
  },
  {
    kind: 'view',
    id: 'chat',
    icon: 'chat-dots',
    label: 'call.menu.chat',
    visible: always,
    count: (context) => context.chatUnread,
    load: () => withMessages('call/ChatView', import('./ChatView')).then((m) => ({ default: m.ChatView })),
  },
  {
    kind: 'view',
    id: 'fileshare',
    icon: 'folder-symlink',
    label: 'call.menu.fileShare',
    visible: (context) => context.features.fileShare,
    load: () =>
      withMessages('call/FileShareView', import('./FileShareView')).then((m) => ({
        default: m.FileShareView,
      })),
  },
  {
    kind: 'view',
    id: 'capture',
    icon: 'camera',
    label: 'call.menu.capture',
    visible: (context) => context.features.capture,
    load: () =>
      withMessages('call/CaptureView', import('./CaptureView')).then((m) => ({ default: m.CaptureView })),
  },
  {
    kind: 'action',
    id: 'transfer',
    icon: 'arrow-left-right',
    label: 'call.menu.transfer',
    visible: ownsQueuedCall,
    run: openTransfer,
  },
  {
    kind: 'action',
    id: 'invite',
    icon: 'person-plus',
    label: 'call.menu.invite',
    visible: ownsQueuedCall,
    run: openInvite,
  },
  {
    kind: 'action',
    id: 'kick',
    icon: 'person-x',
    label: 'call.menu.kick',
    visible: ownsQueuedCall,
    run: askToKick,
  },
  {
    kind: 'view',
    id: 'authorizations',
    icon: 'door-open',
    label: 'call.menu.authorizations',
    visible: always,
    count: (context) => context.waiting,
    load: () =>
      withMessages('call/AuthorizationsView', import('./AuthorizationsView')).then((m) => ({
        default: m.AuthorizationsView,
      })),
  },
  {
    kind: 'view',
    id: 'custom-apps',
    icon: 'grid',
    label: 'call.menu.customApps',
    visible: (context) => context.features.apps,
    load: () =>
      withMessages('call/apps/CustomAppsView', import('./apps/CustomAppsView')).then((m) => ({
        default: m.CustomAppsView,
      })),
  },
  {
    kind: 'action',
    id: 'recording',
    icon: 'record-circle',
    label: 'call.menu.recording',
    visible: (context) =>
      context.call.recordingsSettings.enabled && !context.call.recordingsSettings.automaticRecord,
    // Starts a recording, or stops the one on; pause and resume sit in the recording bar by the video.
    pressed: (context) => context.recording !== 'idle',
    disabled: (context) => context.recording === 'starting' || context.recording === 'stopping',
    run: toggleRecording,
  },
]

/** The entries that are views, by id. */
export const CALL_VIEW_ENTRIES: ReadonlyMap<CallView, CallViewEntry> = new Map(
  CALL_MENU.filter((entry): entry is CallViewEntry => entry.kind === 'view').map((entry) => [
    entry.id,
    entry,
  ]),
)
