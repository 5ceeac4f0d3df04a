import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $toasts,
  $toastHost,
  claimToastHost,
  dismissToast,
  releaseToastHost,
  type ToastVariant,
} from '../../stores/app/toasts'
import { useShadowStyles } from '../root/useShadowStyles'
import { toastStyles } from './toasts.styles'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

const icons: Record<ToastVariant, string> = {
  primary: 'info-circle',
  success: 'check2-circle',
  neutral: 'info-circle',
  warning: 'exclamation-triangle',
  danger: 'exclamation-octagon',
}

/**
 * Shows the page's toasts. Every element mounts one; only the first mounted (the host) renders, so a
 * page with several elements shows each toast once. Warnings and errors are announced assertively.
 * Plain elements in the design tokens, not Shoelace's alert: a toast ("Your status is now Available")
 * is on the way to available, where the alert and its animations would cost some 6 KB gzipped.
 */
export function Toaster() {
  const intl = useIntl()
  const [me] = useState(() => Symbol('toaster'))
  const host = useStore($toastHost)
  const toasts = useStore($toasts)
  useShadowStyles(toastStyles)

  useEffect(() => {
    claimToastHost(me)
    return () => releaseToastHost(me)
  }, [me])
  // Take over when the host element leaves the page.
  useEffect(() => {
    if (host === null) claimToastHost(me)
  }, [host, me])

  if (host !== me) return null
  return (
    <div className="toast-stack" role="region" aria-label={intl.formatMessage({ id: 'toasts.region' })}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast ${toast.variant}`}
          role={toast.variant === 'danger' || toast.variant === 'warning' ? 'alert' : 'status'}
        >
          <sl-icon className="toast-icon" name={icons[toast.variant]} aria-hidden="true"></sl-icon>
          <div className="toast-message">
            <FormattedMessage id={toast.messageId} values={toast.values ?? {}} />
            {toast.detailId && (
              <p className="toast-detail">
                <FormattedMessage id={toast.detailId} values={toast.detailValues ?? {}} />
              </p>
            )}
          </div>
          <button
            type="button"
            className="toast-close"
            aria-label={intl.formatMessage({ id: 'toasts.close' })}
            onClick={() => dismissToast(toast.id)}
          >
            <sl-icon name="x-lg" aria-hidden="true"></sl-icon>
          </button>
        </div>
      ))}
    </div>
  )
}
