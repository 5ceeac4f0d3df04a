import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $busyInCall } from '../../stores/status/activity'
import { $calendarEnabled } from '../../stores/profile/settings'
import { $startup } from '../../stores/session/startup'
import { $secondaryAreasReady } from '../../stores/shell/area-priority'
import { watchAppVersion } from '../../stores/app/app-update'
import { loadCalendarArea, loadCallArea, loadScheduleArea } from '../areas'
import { InboundSlot } from '../call/InboundSlot'
import { LazyArea } from '../common/LazyArea'
import { LazyOverlay } from '../common/LazyOverlay'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { shellStyles } from './shell.styles'
import { Banners } from './Banners'
import { ShellHeader } from './ShellHeader'
import { PageOutlet } from './PageOutlet'
import { BottomMenu } from './BottomMenu'
import { StartupModal } from './StartupModal'
import { Announcer } from './Announcer'
import { ShortcutsDialog } from './ShortcutsDialog'
import { useShadowRoot } from '../root/shadow-root-context'
import { asksForHelp } from '../common/shortcuts'

/**
 * The console's shell (SPEC §2): banners, header, the routed page or the active call, the calendar
 * sidebar when enabled, the bottom menu, the inbound modal and the startup check.
 */
export function Shell() {
  useShadowStyles(controlStyles, shellStyles)
  const intl = useIntl()
  const busy = useStore($busyInCall)
  const calendar = useStore($calendarEnabled)
  const started = useStore($startup).phase === 'done'
  const secondaryReady = useStore($secondaryAreasReady)
  const [scheduling, setScheduling] = useState(false)
  const [helping, setHelping] = useState(false)
  const stopScheduling = () => setScheduling(false)
  const root = useShadowRoot()
  useEffect(() => watchAppVersion(), [])
  // `?` opens the shortcuts' help while the focus is inside the console (outside a text field).
  useEffect(() => {
    if (!root) return
    const onKey = (event: Event) => {
      if (!asksForHelp(event as KeyboardEvent)) return
      event.preventDefault()
      setHelping(true)
    }
    root.addEventListener('keydown', onKey)
    return () => root.removeEventListener('keydown', onKey)
  }, [root])
  return (
    <div className="shell">
      <Banners />
      <ShellHeader onSchedule={() => setScheduling(true)} onShortcuts={() => setHelping(true)} />
      <div className="shell-body">
        <main className="shell-main">
          {busy ? (
            <section className="call-container" aria-label={intl.formatMessage({ id: 'shell.call' })}>
              <LazyArea load={loadCallArea} props={{}} />
            </section>
          ) : (
            <PageOutlet />
          )}
        </main>
        {calendar && started && (
          <aside className="shell-calendar" aria-label={intl.formatMessage({ id: 'shell.calendar' })}>
            {secondaryReady ? (
              <LazyArea load={loadCalendarArea} props={{}} />
            ) : (
              <p className="lazy-loading" role="status">
                {intl.formatMessage({ id: 'app.loading' })}
              </p>
            )}
          </aside>
        )}
      </div>
      <BottomMenu />
      {started ? <InboundSlot /> : <StartupModal />}
      <Announcer />
      {helping && <ShortcutsDialog onClose={() => setHelping(false)} />}
      {scheduling && (
        <LazyOverlay
          load={loadScheduleArea}
          props={{ onClose: stopScheduling }}
          titleId="shell.schedule"
          onClose={stopScheduling}
        />
      )}
    </div>
  )
}
