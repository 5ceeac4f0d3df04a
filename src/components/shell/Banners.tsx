import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $browserBannerDismissed,
  $browserSupport,
  dismissBrowserBanner,
} from '../../stores/app/browser-banner'
import { $updateAvailable, applyUpdate } from '../../stores/app/app-update'
import { $sessionExpiredInCall, refreshExpiredSession } from '../../stores/session/session'
import { loadAlert, useShoelaceWhen } from '../common/shoelace-on-demand'

/**
 * The shell's banners: an old or vulnerable browser, a new version to apply, and a session that
 * expired during a call (refresh to get back into it).
 */
export function Banners() {
  const intl = useIntl()
  const support = useStore($browserSupport)
  const dismissed = useStore($browserBannerDismissed)
  const update = useStore($updateAvailable)
  const expiredInCall = useStore($sessionExpiredInCall)
  const browserBanner = support !== 'supported' && !dismissed
  // The alert is loaded on demand (not on the way to Available): without it a banner is plain text that
  // cannot be closed (found by the end-to-end test of an old Chrome).
  useShoelaceWhen(browserBanner || update || expiredInCall, loadAlert)
  return (
    <div className="banners">
      {browserBanner && (
        <sl-alert
          open
          closable
          variant={support === 'vulnerable' ? 'danger' : 'warning'}
          data-banner="browser"
          onsl-after-hide={dismissBrowserBanner}
        >
          <sl-icon
            slot="icon"
            name={support === 'vulnerable' ? 'shield-exclamation' : 'exclamation-triangle'}
          ></sl-icon>
          <FormattedMessage id={support === 'vulnerable' ? 'banners.vulnerable' : 'banners.deprecated'} />
        </sl-alert>
      )}
      {update && (
        <sl-alert open variant="primary" data-banner="update">
          <sl-icon slot="icon" name="arrow-clockwise"></sl-icon>
          <span className="banner-row">
            <FormattedMessage id="banners.update" />
            <button type="button" className="button primary" onClick={applyUpdate}>
              <FormattedMessage id="banners.apply" />
            </button>
          </span>
        </sl-alert>
      )}
      {expiredInCall && (
        <sl-alert open variant="warning" data-banner="session" role="alert">
          <sl-icon slot="icon" name="exclamation-triangle"></sl-icon>
          <span className="banner-row">
            <FormattedMessage id="session.expiredInCall" />
            <button
              type="button"
              className="button"
              aria-label={intl.formatMessage({ id: 'session.refresh' })}
              onClick={refreshExpiredSession}
            >
              <FormattedMessage id="session.refresh" />
            </button>
          </span>
        </sl-alert>
      )}
    </div>
  )
}
