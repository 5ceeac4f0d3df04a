import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { CustomerExtraData } from '../../protocol'
import type { MessageId } from '../../stores/app/i18n'
import { WebsiteDetailsDialog } from './WebsiteDetailsDialog'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/** A flag from a two-letter country code, as regional-indicator letters (no image is fetched). */
export function flagOf(code: string | null): string {
  if (!code || !/^[a-z]{2}$/i.test(code)) return ''
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1a5 + letter.charCodeAt(0)))
}

function joined(...parts: (string | null)[]): string | null {
  const text = parts.filter(Boolean).join(' ')
  return text || null
}

/** The customer's details of SPEC §2 (IP, website, country with flag, region…), each shown as text. */
export function CustomerDetails({ data }: { data: CustomerExtraData }) {
  const intl = useIntl()
  const [websiteOpen, setWebsiteOpen] = useState(false)
  const rows: [MessageId, string | null][] = [
    ['call.info.ip', data.ip],
    ['call.info.region', data.regionName],
    ['call.info.city', data.cityName],
    ['call.info.carrier', data.carrierName],
    ['call.info.browser', joined(data.browserName, data.browserVersion)],
    ['call.info.os', joined(data.osName, data.osVersion)],
    ['call.info.device', data.deviceType],
    ['call.info.language', data.langNative],
  ]
  const flag = flagOf(data.countryCode)
  return (
    <dl className="details customer-details">
      <div className="line">
        <dt>
          <FormattedMessage id="call.info.website" />
        </dt>
        <dd>
          {data.referrer ? (
            <>
              <bdi className="website">{data.referrer}</bdi>
              <sl-button size="small" variant="text" onClick={() => setWebsiteOpen(true)}>
                <FormattedMessage id="call.info.websiteDetails" />
              </sl-button>
              <WebsiteDetailsDialog
                url={data.referrer}
                open={websiteOpen}
                onClose={() => setWebsiteOpen(false)}
              />
            </>
          ) : (
            '—'
          )}
        </dd>
      </div>
      <div className="line">
        <dt>
          <FormattedMessage id="call.info.country" />
        </dt>
        <dd>
          {flag && (
            <span className="flag" role="img" aria-label={data.countryName ?? data.countryCode ?? ''}>
              {flag}
            </span>
          )}{' '}
          {data.countryName ?? data.countryCode ?? '—'}
        </dd>
      </div>
      {rows.map(([labelId, value]) => (
        <div className="line" key={labelId}>
          <dt>{intl.formatMessage({ id: labelId })}</dt>
          <dd>
            <bdi>{value ?? '—'}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}
