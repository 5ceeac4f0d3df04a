import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { TextPreview, TransferItem } from '../../stores/call/files'
import { formatBytes } from './format-bytes'

/**
 * A plain-text file shown as text: its first bytes (see `fileText`) as the children of a `<pre>`, so
 * React sets them as a text node and nothing in them is ever parsed as markup or run. The block scrolls
 * and takes the keyboard focus (arrows scroll it), named for screen readers; a note says when only the
 * start of a longer file is shown.
 */
export function TextFilePreview({
  item,
  read,
}: {
  item: TransferItem
  read: (id: string) => Promise<TextPreview | null>
}) {
  const intl = useIntl()
  // `undefined` while reading, null when it could not be read.
  const [preview, setPreview] = useState<{ id: string; text: TextPreview | null } | undefined>()
  useEffect(() => {
    let current = true
    void read(item.id).then((text) => current && setPreview({ id: item.id, text }))
    return () => {
      current = false
    }
  }, [item.id, read])
  const shown = preview?.id === item.id ? preview : undefined
  if (!shown)
    return (
      <p className="preview-text-loading" role="status">
        <FormattedMessage id="call.files.previewLoading" />
      </p>
    )
  if (!shown.text)
    return (
      <p className="preview-text-error" role="alert">
        <FormattedMessage id="call.files.errors.unreadable" />
      </p>
    )
  const { text, truncated, shownBytes, size } = shown.text
  return (
    <>
      {truncated && (
        <p className="preview-text-note">
          <FormattedMessage
            id="call.files.previewTruncated"
            values={{ shown: formatBytes(intl, shownBytes), total: formatBytes(intl, size) }}
          />
        </p>
      )}
      <pre
        className="preview-text"
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'call.files.previewTextLabel' }, { name: item.name })}
        dir="auto"
      >
        {text}
      </pre>
    </>
  )
}
