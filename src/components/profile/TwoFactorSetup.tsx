import { FormattedMessage, useIntl } from 'react-intl'
import type { TwoFactorSetup as Setup } from '../../protocol'
import { cancelTwoFactorSetup, confirmTwoFactorSetup } from '../../stores/profile/two-factor'
import { QrCode } from './QrCode'
import { fieldOf } from './form-field'

interface TwoFactorSetupProps {
  setup: Setup
  /** A request is under way, or the agent must wait: the form cannot be sent. */
  /**
   * Busy, or waiting after too many attempts: the buttons say so with aria-disabled (they keep
   * the focus) and the forms send nothing.
   */
  locked: boolean
  /** Id of the element that says what was wrong. */
  errorId: string
}

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/** Step 1 of enabling: scan the QR code (or type the secret), then confirm with the app's 6-digit code. */
export function TwoFactorSetup({ setup, locked, errorId }: TwoFactorSetupProps) {
  const intl = useIntl()
  return (
    <section className="card two-factor-setup" aria-labelledby="setup-title">
      <h3 id="setup-title" tabIndex={-1}>
        <FormattedMessage id="twoFactor.setupTitle" />
      </h3>
      <ol className="steps">
        <li>
          <FormattedMessage id="twoFactor.setupScan" />
        </li>
        <li>
          <FormattedMessage id="twoFactor.setupConfirm" />
        </li>
      </ol>
      <QrCode value={setup.uri} label={intl.formatMessage({ id: 'twoFactor.qrLabel' })} />
      <p className="help">
        <FormattedMessage id="twoFactor.manualEntry" />
      </p>
      <code className="secret" aria-label={intl.formatMessage({ id: 'twoFactor.secretLabel' })}>
        {grouped(setup.secret)}
      </code>
      <details className="setup-uri">
        <summary>
          <FormattedMessage id="twoFactor.showUri" />
        </summary>
        <code className="uri">{setup.uri}</code>
      </details>
      <form
        className="code-form"
        onSubmit={(event) => {
          event.preventDefault()
          if (!locked) void confirmTwoFactorSetup(fieldOf(event.currentTarget, 'code'))
        }}
      >
        <div className="field">
          <label htmlFor="setup-code">
            <FormattedMessage id="twoFactor.pinLabel" />
          </label>
          <input
            id="setup-code"
            className="input code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            name="code"
            aria-describedby={errorId}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button primary" aria-disabled={locked}>
            <FormattedMessage id="twoFactor.enable" />
          </button>
          <button type="button" className="button text" onClick={cancelTwoFactorSetup}>
            <FormattedMessage id="twoFactor.cancel" />
          </button>
        </div>
      </form>
    </section>
  )
}
