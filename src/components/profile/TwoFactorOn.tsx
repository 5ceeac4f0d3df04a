import { FormattedMessage } from 'react-intl'
import { disableTwoFactor, regenerateBackupCodes } from '../../stores/profile/two-factor'
import { fieldOf } from './form-field'

interface TwoFactorOnProps {
  backupCodesLeft: number
  /**
   * Busy, or waiting after too many attempts: the buttons say so with aria-disabled (they keep
   * the focus) and the forms send nothing.
   */
  locked: boolean
  errorId: string
}

/** 2FA is on: how many backup codes remain, new ones (with a code), and turning it off (a code and the password). */
export function TwoFactorOn({ backupCodesLeft, locked, errorId }: TwoFactorOnProps) {
  return (
    <>
      <section className="card" aria-labelledby="codes-left-title">
        <h3 id="codes-left-title" tabIndex={-1}>
          <FormattedMessage id="twoFactor.backupTitle" />
        </h3>
        <p className="codes-left">
          <FormattedMessage id="twoFactor.codesLeft" values={{ count: backupCodesLeft }} />
        </p>
        <form
          className="code-form"
          onSubmit={(event) => {
            event.preventDefault()
            if (!locked) void regenerateBackupCodes(fieldOf(event.currentTarget, 'code'))
          }}
        >
          <div className="field">
            <label htmlFor="renew-code">
              <FormattedMessage id="twoFactor.codeLabel" />
            </label>
            <input
              id="renew-code"
              className="input code-input"
              autoComplete="one-time-code"
              maxLength={9}
              aria-describedby={errorId}
              name="code"
            />
          </div>
          <button type="submit" className="button" aria-disabled={locked}>
            <FormattedMessage id="twoFactor.regenerate" />
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="disable-title">
        <h3 id="disable-title">
          <FormattedMessage id="twoFactor.disableTitle" />
        </h3>
        <p className="help">
          <FormattedMessage id="twoFactor.disableHelp" />
        </p>
        <form
          className="code-form"
          onSubmit={(event) => {
            event.preventDefault()
            if (!locked)
              void disableTwoFactor(
                fieldOf(event.currentTarget, 'code'),
                fieldOf(event.currentTarget, 'password'),
              )
          }}
        >
          <div className="field">
            <label htmlFor="disable-code">
              <FormattedMessage id="twoFactor.codeLabel" />
            </label>
            <input
              id="disable-code"
              className="input code-input"
              autoComplete="one-time-code"
              maxLength={9}
              aria-describedby={errorId}
              name="code"
            />
          </div>
          <div className="field">
            <label htmlFor="disable-password">
              <FormattedMessage id="twoFactor.passwordLabel" />
            </label>
            <input
              id="disable-password"
              className="input"
              type="password"
              autoComplete="current-password"
              aria-describedby={errorId}
              name="password"
            />
          </div>
          <button type="submit" className="button danger" aria-disabled={locked}>
            <FormattedMessage id="twoFactor.disable" />
          </button>
        </form>
      </section>
    </>
  )
}
