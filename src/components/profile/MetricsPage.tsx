import { useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { METRICS_PERIODS, type Metrics } from '../../protocol'
import type { MessageId } from '../../stores/app/i18n'
import { $metrics, loadMetrics } from '../../stores/profile/metrics'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { LazyArea } from '../common/LazyArea'
import { PageLoading } from '../common/PageStates'
import { pageStyles } from '../pages/pages.styles'
import { formatClock } from '../status/format-clock'
import { profileStyles } from './profile.styles'
import { ProfileBackLink } from './ProfileBackLink'
import { withMessages } from '../../stores/app/i18n'

// The charting library is heavy: its own chunk, loaded once figures are there.
const loadCharts = () => withMessages('profile/MetricsCharts', import('./MetricsCharts'))

/** The figures as numbers. */
function Figures({ metrics }: { metrics: Metrics }) {
  const intl = useIntl()
  const figures: [MessageId, string, string][] = [
    ['metrics.answered', 'answered', intl.formatNumber(metrics.answered)],
    ['metrics.missed', 'missed', intl.formatNumber(metrics.missed)],
    ['metrics.transferred', 'transferred', intl.formatNumber(metrics.transferred)],
    ['metrics.dismissed', 'dismissed', intl.formatNumber(metrics.dismissed)],
    ['metrics.totalTalk', 'total-talk', formatClock(metrics.totalTalkMs)],
    ['metrics.averageTalk', 'average-talk', formatClock(metrics.averageTalkMs)],
  ]
  return (
    <dl className="figures">
      {figures.map(([label, key, value]) => (
        <div className="figure" key={key} data-figure={key}>
          <dt>
            <FormattedMessage id={label} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * `/profile/metrics`: the agent's own day or week, from the server: calls answered, missed,
 * transferred, dismissed, total and average talk time, and time per status, as numbers and charts.
 */
export default function MetricsPage() {
  useShadowStyles(controlStyles, pageStyles, profileStyles)
  const state = useStore($metrics)
  useEffect(() => void loadMetrics(), [])
  return (
    <section className="page metrics-page" aria-labelledby="page-title">
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profileMetrics" />
        </h2>
        <div className="actions metrics-toolbar" role="group">
          {METRICS_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className="button small"
              aria-pressed={state.period === period}
              onClick={() => void loadMetrics(period)}
            >
              <FormattedMessage id="metrics.period" values={{ period }} />
            </button>
          ))}
        </div>
      </header>
      {state.status === 'failed' ? (
        <GenericError
          retryWhenOnline
          messageId="metrics.failed"
          onRetry={() => void loadMetrics(state.period)}
        />
      ) : state.status !== 'loaded' ? (
        <PageLoading />
      ) : (
        <>
          <Figures metrics={state.metrics} />
          <LazyArea load={loadCharts} props={{ metrics: state.metrics }} />
        </>
      )}
    </section>
  )
}
