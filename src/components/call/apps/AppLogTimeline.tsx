import { FormattedMessage, useIntl, type IntlShape } from 'react-intl'
import { useStore } from '@nanostores/react'
import { STAGE_LOOKS, type AppLogEvent } from '../../../stores/call/app-panels'
import { $appLog } from '../../../stores/call/custom-apps'

function eventText(intl: IntlShape, event: AppLogEvent): string {
  switch (event.type) {
    case 'text':
      return event.text
    case 'answer': {
      const action = intl.formatMessage({ id: 'call.apps.action' }, { action: event.action })
      const said = intl.formatMessage({ id: 'call.apps.logAnswer' }, { action, ok: String(event.ok) })
      return event.error ? `${said} (${event.error})` : said
    }
    case 'devices':
      return intl.formatList(
        Object.entries(event.devices).map(([device, state]) =>
          intl.formatMessage(
            { id: 'call.apps.logDevice' },
            {
              device: intl.formatMessage({ id: 'call.apps.device' }, { device }),
              state: intl.formatMessage({ id: 'call.apps.deviceState' }, { state }),
            },
          ),
        ),
        { type: 'unit' },
      )
    case 'stage':
      return `${intl.formatMessage({ id: 'call.apps.scan' }, { scan: event.scan })}: ${intl.formatMessage(
        { id: 'call.apps.stage' },
        { status: event.status, label: STAGE_LOOKS[event.status].label },
      )}`
  }
}

/** Everything the app said, newest first (at most 500 lines), as a log region a screen reader follows. */
export function AppLogTimeline() {
  const intl = useIntl()
  const log = useStore($appLog)
  return (
    <section className="app-panel app-log-panel" aria-labelledby="app-log-title">
      <h4 id="app-log-title">
        <FormattedMessage id="call.apps.log" />
      </h4>
      <div className="app-log" role="log" aria-live="polite" aria-labelledby="app-log-title">
        <ol>
          {log.length === 0 && (
            <li className="call-muted">
              <FormattedMessage id="call.apps.logEmpty" />
            </li>
          )}
          {log.map((entry) => (
            <li key={entry.id} className="app-log-line" data-level={entry.level}>
              <time dateTime={entry.at}>
                {intl.formatTime(entry.at, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
              </time>
              <span className="app-log-level">
                <FormattedMessage id="call.apps.logLevel" values={{ level: entry.level }} />
              </span>
              <bdi className="app-log-text">{eventText(intl, entry.event)}</bdi>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
