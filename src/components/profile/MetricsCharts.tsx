import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { ChartConfiguration } from 'chart.js'
import type { Metrics } from '../../protocol'
import { $statusOptions } from '../../stores/profile/settings'
import { useChart } from './useChart'

/** Colours of the outcomes, from the design tokens' palette (canvas cannot read CSS variables). */
const COLORS = { answered: '#16a34a', transferred: '#0284c7', missed: '#dc2626' }

interface MetricsChartsProps {
  metrics: Metrics
}

/** Calls per hour (a day) or per day (a week), by outcome. */
function CallsChart({ metrics }: MetricsChartsProps) {
  const intl = useIntl()
  const labels = metrics.buckets.map((bucket) =>
    metrics.period === 'day'
      ? intl.formatTime(bucket.start, { hour: '2-digit', minute: '2-digit' })
      : intl.formatDate(bucket.start, { weekday: 'short', day: 'numeric' }),
  )
  const series = (['answered', 'transferred', 'missed'] as const).map((key) => ({
    key,
    label: intl.formatMessage({ id: 'metrics.series' }, { key }),
    data: metrics.buckets.map((bucket) => bucket[key]),
  }))
  const canvas = useChart(
    (): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels,
        datasets: series.map((item) => ({
          label: item.label,
          data: item.data,
          backgroundColor: COLORS[item.key],
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        // Side by side, not stacked: a transferred call was answered too.
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    JSON.stringify([labels, series]),
  )
  const title = intl.formatMessage({ id: 'metrics.callsChart' }, { period: metrics.period })
  return (
    <figure className="card chart">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      <div className="chart-box">
        <canvas ref={canvas} role="img" aria-label={title}></canvas>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'metrics.when' })}</th>
            {series.map((item) => (
              <th scope="col" key={item.key}>
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={label + index}>
              <th scope="row">{label}</th>
              {series.map((item) => (
                <td key={item.key}>{item.data[index]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

/** Time online in each status, in minutes. */
function StatusChart({ metrics }: MetricsChartsProps) {
  const intl = useIntl()
  const options = useStore($statusOptions)
  const rows = metrics.statuses.map((entry) => ({
    label: options.find((option) => option.id === entry.status)?.label ?? entry.status,
    color: options.find((option) => option.id === entry.status)?.color ?? '#64748b',
    minutes: Math.round(entry.ms / 60_000),
  }))
  const canvas = useChart(
    (): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: rows.map((row) => row.label),
        datasets: [
          {
            label: intl.formatMessage({ id: 'metrics.minutes' }),
            data: rows.map((row) => row.minutes),
            backgroundColor: rows.map((row) => row.color),
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    JSON.stringify(rows),
  )
  const title = intl.formatMessage({ id: 'metrics.statusChart' })
  return (
    <figure className="card chart">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {rows.length === 0 ? (
        <p className="meta">{intl.formatMessage({ id: 'metrics.noStatus' })}</p>
      ) : (
        <div className="chart-box">
          <canvas ref={canvas} role="img" aria-label={title}></canvas>
        </div>
      )}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>
                {intl.formatNumber(row.minutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

/** The metrics' charts (Chart.js, its own lazy chunk): calls over the period and time per status. */
export default function MetricsCharts({ metrics }: MetricsChartsProps) {
  return (
    <div className="charts">
      <CallsChart metrics={metrics} />
      <StatusChart metrics={metrics} />
    </div>
  )
}
