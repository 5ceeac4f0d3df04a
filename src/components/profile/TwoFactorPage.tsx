import { useEffect, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $twoFactor,
  loadTwoFactor,
  resetTwoFactor,
  startTwoFactorSetup,
} from '../../stores/profile/two-factor'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { twoFactorStyles } from './two-factor.styles'
import { TwoFactorSetup } from './TwoFactorSetup'
import { TwoFactorOn } from './TwoFactorOn'
import { BackupCodes } from './BackupCodes'
import { ProfileBackLink } from './ProfileBackLink'
import { focusIsOurs } from '../common/focus'

const ERROR_ID = 'two-factor-error'

/**
 * `/profile/2fa`: turn two-factor authentication on (QR code, first code, 10 backup codes shown once)
 * or off (a code and the password), and renew the backup codes.
 */
export default function TwoFactorPage() {
  useShadowStyles(controlStyles, twoFactorStyles)
  const { view, busy, error, notice, waitUntil } = useStore($twoFactor)
  useEffect(() => {
    void loadTwoFactor()
    return resetTwoFactor
  }, [])
  const locked = busy || waitUntil > 0
  const pageElement = useRef<HTMLElement>(null)
  const shownPhase = useRef(view.phase)
  // A step replaced the button the agent pressed (Set up, Turn on, Done, Turn off, Cancel): the focus would
  // fall to the page's body; the new step's title takes it, read out, and Tab goes on from there.
  useEffect(() => {
    const was = shownPhase.current
    shownPhase.current = view.phase
    if (was === view.phase || was === 'loading' || was === 'unavailable') return
    const root = pageElement.current?.getRootNode()
    if (root instanceof ShadowRoot && focusIsOurs(root))
      pageElement.current?.querySelector<HTMLElement>('.card h3')?.focus()
  }, [view.phase])
  return (
    <section ref={pageElement} className="page two-factor-page" aria-labelledby="page-title" aria-busy={busy}>
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profile2fa" />
        </h2>
        {(view.phase === 'on' || view.phase === 'off') && (
          <p className="state" data-enabled={view.phase === 'on'}>
            <FormattedMessage id={view.phase === 'on' ? 'twoFactor.stateOn' : 'twoFactor.stateOff'} />
          </p>
        )}
      </header>
      <p role="status" className="notice-line">
        {notice && <FormattedMessage id={notice} />}
      </p>
      <div id={ERROR_ID} role="alert" className="error-line">
        {error && (
          <p className="notice danger">
            <FormattedMessage id={error.id} values={error.values ?? {}} />
          </p>
        )}
      </div>
      {view.phase === 'loading' && (
        <p className="help">
          <FormattedMessage id="twoFactor.loading" />
        </p>
      )}
      {view.phase === 'unavailable' && (
        <div className="notice danger">
          <p>
            <FormattedMessage id="twoFactor.unavailable" />
          </p>
          <button type="button" className="button" onClick={() => void loadTwoFactor()}>
            <FormattedMessage id="twoFactor.retry" />
          </button>
        </div>
      )}
      {view.phase === 'off' && (
        <section className="card" aria-labelledby="off-title">
          <h3 id="off-title" tabIndex={-1}>
            <FormattedMessage id="twoFactor.offTitle" />
          </h3>
          <p className="help">
            <FormattedMessage id="twoFactor.offHelp" />
          </p>
          <button
            type="button"
            className="button primary"
            aria-disabled={locked}
            onClick={() => !locked && void startTwoFactorSetup()}
          >
            <FormattedMessage id="twoFactor.start" />
          </button>
        </section>
      )}
      {view.phase === 'setup' && <TwoFactorSetup setup={view.setup} locked={locked} errorId={ERROR_ID} />}
      {view.phase === 'codes' && <BackupCodes key={view.codes.join()} codes={view.codes} />}
      {view.phase === 'on' && (
        <TwoFactorOn backupCodesLeft={view.backupCodesLeft} locked={locked} errorId={ERROR_ID} />
      )}
    </section>
  )
}
