import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { AppScan, DocumentResult, FingerprintResult } from '../../../protocol'
import { $appScans } from '../../../stores/call/custom-apps'
import { StageBadge } from './StageBadge'
import { AppImage } from './AppImage'

function DocumentFields({ result }: { result: DocumentResult }) {
  const intl = useIntl()
  return (
    <>
      {result.fields.length === 0 ? (
        <p className="call-muted">
          <FormattedMessage id="call.apps.noFields" />
        </p>
      ) : (
        <dl className="details document-fields">
          {result.fields.map((field, index) => (
            <div className="line" key={index}>
              <dt>
                <bdi>{field.label}</bdi>
              </dt>
              <dd>
                <bdi>{field.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <AppImage
        className="scan-image document-image"
        src={result.image}
        alt={intl.formatMessage({ id: 'call.apps.documentImage' })}
      />
    </>
  )
}

function FingerprintDetails({ result }: { result: FingerprintResult }) {
  const intl = useIntl()
  return (
    <>
      <dl className="details fingerprint-details">
        <div className="line">
          <dt>
            <FormattedMessage id="call.apps.quality" />
          </dt>
          <dd className="fingerprint-quality">
            <FormattedMessage id="call.apps.qualityValue" values={{ quality: result.quality }} />
          </dd>
        </div>
      </dl>
      <AppImage
        className="scan-image fingerprint-image"
        src={result.image}
        alt={intl.formatMessage({ id: 'call.apps.fingerprintImage' })}
      />
    </>
  )
}

/** One scan's panel: its stage (or 'stage not started') and what it read. */
function ScanPanel({ scan }: { scan: AppScan }) {
  const scans = useStore($appScans)
  const panel = scans[scan]
  const titleId = `app-scan-${scan}-title`
  return (
    <section className={`app-panel scan-panel scan-${scan}`} data-scan={scan} aria-labelledby={titleId}>
      <div className="scan-heading">
        <h4 id={titleId}>
          <FormattedMessage id="call.apps.scan" values={{ scan }} />
        </h4>
        <StageBadge status={panel.status} />
      </div>
      <div className="scan-results">
        {panel.status !== null && !panel.result && (
          <p className="call-muted">
            <FormattedMessage id="call.apps.noResults" />
          </p>
        )}
        {scan === 'document'
          ? scans.document.result && <DocumentFields result={scans.document.result} />
          : scans.fingerprint.result && <FingerprintDetails result={scans.fingerprint.result} />}
      </div>
    </section>
  )
}

/** The document scan and fingerprint scan panels. */
export function ScanPanels() {
  return (
    <>
      <ScanPanel scan="document" />
      <ScanPanel scan="fingerprint" />
    </>
  )
}
