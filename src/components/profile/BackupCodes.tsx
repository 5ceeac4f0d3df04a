import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { closeBackupCodes } from '../../stores/profile/two-factor'

interface BackupCodesProps {
  codes: readonly string[]
}

/** Saves the codes as a text file, one a line. */
function download(codes: readonly string[], title: string): void {
  const blob = new Blob([`${title}\n\n${codes.join('\n')}\n`], { type: 'text/plain' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = 'backup-codes.txt'
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * The 10 one-time backup codes, shown once: copy, download as a text file, and a checkbox "I have
 * saved them" that must be ticked before the page closes them.
 */
export function BackupCodes({ codes }: BackupCodesProps) {
  const intl = useIntl()
  const [saved, setSaved] = useState(false)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const title = intl.formatMessage({ id: 'twoFactor.codesFileTitle' })
  return (
    <section className="card backup-codes" aria-labelledby="backup-codes-title">
      <h3 id="backup-codes-title" tabIndex={-1}>
        <FormattedMessage id="twoFactor.codesTitle" />
      </h3>
      <p className="help">
        <FormattedMessage id="twoFactor.codesHelp" />
      </p>
      <ol className="code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            )
          }}
        >
          <FormattedMessage id="twoFactor.copyCodes" />
        </button>
        <button type="button" className="button" onClick={() => download(codes, title)}>
          <FormattedMessage id="twoFactor.downloadCodes" />
        </button>
      </div>
      <p role="status" className="save-status">
        {copy === 'copied' && <FormattedMessage id="twoFactor.codesCopied" />}
        {copy === 'failed' && <FormattedMessage id="twoFactor.codesCopyFailed" />}
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
        <FormattedMessage id="twoFactor.codesSaved" />
      </label>
      <button type="button" className="button primary" disabled={!saved} onClick={closeBackupCodes}>
        <FormattedMessage id="twoFactor.codesDone" />
      </button>
    </section>
  )
}
