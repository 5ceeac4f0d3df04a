import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import '@shoelace-style/shoelace/dist/components/switch/switch.js'

/** A value of integration data as text: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/**
 * The queue's integration data: key/value pairs, or the raw data on demand (or always, when it is
 * not an object). Everything is text: markup in it is shown, never run.
 */
export function IntegrationData({ data }: { data: Record<string, unknown> | string | null }) {
  const intl = useIntl()
  const [raw, setRaw] = useState(false)
  if (data === null)
    return (
      <p className="call-muted">
        <FormattedMessage id="call.info.noIntegrationData" />
      </p>
    )
  const pairs = typeof data === 'string' ? null : Object.entries(data)
  return (
    <div className="integration-data">
      {pairs && (
        <sl-switch
          size="small"
          checked={raw}
          onsl-change={(event) => setRaw((event.target as HTMLInputElement).checked)}
        >
          {intl.formatMessage({ id: 'call.info.raw' })}
        </sl-switch>
      )}
      {pairs && !raw ? (
        <dl className="details">
          {pairs.map(([key, value]) => (
            <div className="line" key={key}>
              <dt>{key}</dt>
              <dd>{asText(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <pre className="raw-data">{typeof data === 'string' ? data : JSON.stringify(data, null, 2)}</pre>
      )}
    </div>
  )
}
