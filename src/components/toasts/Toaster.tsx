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
import { loadAlert, useShoelaceWhen } from '../common/shoelace-on-demand'
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
 */
export function Toaster() {
  const intl = useIntl()
  const [me] = useState(() => Symbol('toaster'))
  const host = useStore($toastHost)
  const toasts = useStore($toasts)
  useShadowStyles(toastStyles)
  useShoelaceWhen(toasts.length > 0, loadAlert)

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
        <sl-alert
          key={toast.id}
          variant={toast.variant}
          open
          closable
          role={toast.variant === 'danger' || toast.variant === 'warning' ? 'alert' : 'status'}
          onsl-after-hide={() => dismissToast(toast.id)}
        >
          <sl-icon slot="icon" name={icons[toast.variant]}></sl-icon>
          <FormattedMessage id={toast.messageId} values={toast.values ?? {}} />
        </sl-alert>
      ))}
    </div>
  )
}
