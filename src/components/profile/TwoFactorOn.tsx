import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { disableTwoFactor, regenerateBackupCodes } from '../../stores/profile/two-factor'

interface TwoFactorOnProps {
  backupCodesLeft: number
  locked: boolean
  errorId: string
}

/** 2FA is on: how many backup codes remain, new ones (with a code), and turning it off (a code and the password). */
export function TwoFactorOn({ backupCodesLeft, locked, errorId }: TwoFactorOnProps) {
  const [renewCode, setRenewCode] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  return (
    <>
      <section className="card" aria-labelledby="codes-left-title">
        <h3 id="codes-left-title">
          <FormattedMessage id="twoFactor.backupTitle" />
        </h3>
        <p className="codes-left">
          <FormattedMessage id="twoFactor.codesLeft" values={{ count: backupCodesLeft }} />
        </p>
        <form
          className="code-form"
          onSubmit={(event) => {
            event.preventDefault()
            void regenerateBackupCodes(renewCode)
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
              value={renewCode}
              onChange={(event) => setRenewCode(event.currentTarget.value)}
            />
          </div>
          <button type="submit" className="button" disabled={locked}>
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
            void disableTwoFactor(code, password)
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
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
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
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </div>
          <button type="submit" className="button danger" disabled={locked}>
            <FormattedMessage id="twoFactor.disable" />
          </button>
        </form>
      </section>
    </>
  )
}
