import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $appActions, $currentApp } from '../../../stores/call/custom-apps'
import { useShadowStyles } from '../../root/useShadowStyles'
import { appsStyles } from './apps.styles'
import { AppActionsMenu } from './AppActionsMenu'
import { AppProblem } from './AppProblem'
import { AppDevicesPanel } from './AppDevicesPanel'
import { ScanPanels } from './ScanPanels'
import { AppLogTimeline } from './AppLogTimeline'

/**
 * The custom-apps view (SPEC §2 "Apps panel"): the first app of `settings.apps`, driven with the
 * Actions menu, its devices, its document and fingerprint scans, and its log.
 */
export function CustomAppsView() {
  useShadowStyles(appsStyles)
  const app = useStore($currentApp)
  const { process: processState } = useStore($appActions)
  if (!app)
    return (
      <p className="call-muted">
        <FormattedMessage id="call.apps.noApp" />
      </p>
    )
  return (
    <div className="apps-view" data-app={app.name}>
      <header className="apps-header">
        <div className="apps-title">
          <h3>
            <bdi>{app.label || app.name}</bdi>
          </h3>
          <span className="app-process" data-state={processState}>
            <FormattedMessage id="call.apps.process" values={{ state: processState }} />
          </span>
        </div>
        <AppActionsMenu />
      </header>
      <AppProblem />
      <AppDevicesPanel />
      <ScanPanels />
      <AppLogTimeline />
    </div>
  )
}
