import { FormattedMessage, useIntl } from 'react-intl'
import { useOverlayOpen } from '../common/useOverlayOpen'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface WebsiteDetailsDialogProps {
  /** The page the customer called from, as they sent it. */
  url: string
  open: boolean
  onClose: () => void
}

/** The query parameters of a URL, in order; none for text that is not a URL. */
export function queryParameters(url: string): [string, string][] {
  try {
    return [...new URL(url).searchParams.entries()]
  } catch {
    return []
  }
}

/** The customer's website with its query parameters listed as text (never followed, never rendered). */
export function WebsiteDetailsDialog({ url, open, onClose }: WebsiteDetailsDialogProps) {
  const intl = useIntl()
  const parameters = queryParameters(url)
  const overlay = useOverlayOpen(open ? url : null, onClose)
  return (
    <sl-dialog
      className="website-dialog"
      label={intl.formatMessage({ id: 'call.info.websiteDetails' })}
      open={overlay.open}
      onsl-hide={overlay.onHide}
      onsl-after-hide={overlay.onAfterHide}
    >
      <p className="website-url">{url}</p>
      {parameters.length === 0 ? (
        <p>
          <FormattedMessage id="call.info.noParameters" />
        </p>
      ) : (
        <table className="parameters">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="call.info.parameter" />
              </th>
              <th scope="col">
                <FormattedMessage id="call.info.value" />
              </th>
            </tr>
          </thead>
          <tbody>
            {parameters.map(([key, value], index) => (
              <tr key={`${key}-${index}`}>
                <td>{key}</td>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <sl-button slot="footer" onClick={onClose}>
        <FormattedMessage id="call.close" />
      </sl-button>
    </sl-dialog>
  )
}
