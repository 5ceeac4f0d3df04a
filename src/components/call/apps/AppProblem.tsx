import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { APP_ACTION_TIMEOUT_MS } from '../../../constants'
import { $appActions, type AppActionProblem } from '../../../stores/call/custom-apps'
import type { IntlShape } from 'react-intl'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'

function problemText(intl: IntlShape, problem: AppActionProblem): string {
  const action = intl.formatMessage({ id: 'call.apps.action' }, { action: problem.action })
  switch (problem.kind) {
    case 'timeout':
      return intl.formatMessage(
        { id: 'call.apps.timeout' },
        { action, seconds: Math.round(APP_ACTION_TIMEOUT_MS / 1000) },
      )
    case 'failed':
      return problem.detail
        ? intl.formatMessage({ id: 'call.apps.failedWhy' }, { action, detail: problem.detail })
        : intl.formatMessage({ id: 'call.apps.failed' }, { action })
    case 'unsent':
      return intl.formatMessage({ id: 'call.apps.unsent' }, { action, reason: problem.reason })
  }
}

/** Why the last action has no good answer: the app was silent, said no, or the server did not relay it. */
export function AppProblem() {
  const intl = useIntl()
  const { problem } = useStore($appActions)
  if (!problem) return null
  return (
    <sl-alert
      className="app-problem"
      data-kind={problem.kind}
      variant={problem.kind === 'timeout' ? 'warning' : 'danger'}
      open
      role="alert"
    >
      {problemText(intl, problem)}
    </sl-alert>
  )
}
