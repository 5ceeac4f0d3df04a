import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $agentStatus,
  $currentStatusOption,
  $statusChanging,
  changeStatus,
  statusMessageId,
} from '../../stores/status/agent'
import { $statusOptions } from '../../stores/profile/settings'
import { $linkOnline } from '../../stores/session/link-state'
import { StatusName } from './StatusName'
import { $focusRequest, clearFocusRequest } from '../../stores/app/focus-request'
import { useShadowRoot } from '../root/shadow-root-context'
import { focusIsOurs } from '../common/focus'

const DISCONNECTED_COLOR = 'var(--sl-color-danger-600)'

/**
 * The status dropdown (SPEC §2): a menu button listing `settings.statuses` with their colours; the
 * current status is disabled. Arrow keys move, Escape closes and gives the focus back.
 */
export function StatusMenu() {
  const intl = useIntl()
  const status = useStore($agentStatus)
  const current = useStore($currentStatusOption)
  const options = useStore($statusOptions)
  const changing = useStore($statusChanging)
  const online = useStore($linkOnline)
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const root = useShadowRoot()
  const focusWanted = useStore($focusRequest) === 'status'
  const disabled = !online || options.length === 0

  // After Connect or a call, the status takes the focus once it can hold it (it is disabled while the
  // link is down), and takes it back if it is lost meanwhile (disabled again), until the agent moves it.
  const holding = useRef(false)
  useEffect(() => {
    if (!focusWanted) return
    holding.current = true
    clearFocusRequest('status')
  }, [focusWanted])
  useEffect(() => {
    if (!holding.current || disabled) return
    if (focusIsOurs(root)) trigger.current?.focus()
  }, [focusWanted, disabled, root])

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])]
  const close = (focusTrigger: boolean) => {
    setOpen(false)
    if (focusTrigger) trigger.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    items()[0]?.focus()
    const onPointer = (event: PointerEvent) => {
      const path = event.composedPath()
      if (!path.includes(menu.current!) && !path.includes(trigger.current!)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items()
    const at = list.indexOf(event.target as HTMLButtonElement)
    if (event.key === 'Escape') close(true)
    else if (event.key === 'ArrowDown') list[(at + 1) % list.length]?.focus()
    else if (event.key === 'ArrowUp') list[(at - 1 + list.length) % list.length]?.focus()
    else if (event.key === 'Home') list[0]?.focus()
    else if (event.key === 'End') list[list.length - 1]?.focus()
    else if (event.key === 'Tab') setOpen(false)
    else return
    event.preventDefault()
  }

  const choose = (id: string) => {
    close(true)
    void changeStatus(id)
  }

  const known = statusMessageId(status.status)
  const currentName = known ? intl.formatMessage({ id: known }) : (current?.label ?? status.status)
  const color = current?.color ?? DISCONNECTED_COLOR
  return (
    <div className="status-menu">
      <button
        ref={trigger}
        type="button"
        className="button status-trigger"
        data-status={status.status}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="status-options"
        aria-label={intl.formatMessage({ id: 'status.change' }, { status: currentName })}
        disabled={disabled}
        // Busy, not disabled, while a change is under way: a disabled button would drop the focus.
        aria-disabled={changing ? 'true' : undefined}
        onBlur={(event) => {
          // The agent moved the focus (Tab, a click): the status stops holding it.
          if (event.relatedTarget) holding.current = false
        }}
        onClick={() => {
          if (!changing) setOpen(!open)
        }}
      >
        <span className="status-dot" style={{ background: color }} aria-hidden="true"></span>
        <span className="status-name">{currentName}</span>
        <sl-icon name="chevron-down" aria-hidden="true"></sl-icon>
      </button>
      <ul
        ref={menu}
        id="status-options"
        role="menu"
        className="status-options"
        hidden={!open}
        aria-label={intl.formatMessage({ id: 'status.label' })}
        onKeyDown={onMenuKey}
      >
        {options.map((option) => (
          <li key={option.id} role="none">
            <button
              type="button"
              role="menuitem"
              className="status-option"
              disabled={option.id === status.status}
              aria-current={option.id === status.status ? 'true' : undefined}
              data-status={option.id}
              onClick={() => choose(option.id)}
            >
              <span className="status-dot" style={{ background: option.color }} aria-hidden="true"></span>
              <StatusName id={option.id} label={option.label} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
