import { useEffect, useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $personalLink,
  copyPersonalLink,
  generatePersonalLink,
  loadPersonalLink,
} from '../../stores/utilities/personal-link'
import { $agentSegmentList } from '../../stores/utilities/agent-segments'
import { PageLoading } from '../common/PageStates'
import { registerPageIcons } from '../icons/pages-icons'

// Its icons come with the pages' chunk, not with the elements.
registerPageIcons()

/**
 * The agent's personal link: a URL that puts a customer straight through to them. Make it for one
 * of their segments, copy it (with a confirmation), or make a new one (the old one stops working).
 */
export function PersonalLinkCard() {
  const intl = useIntl()
  const state = useStore($personalLink)
  const segments = useStore($agentSegmentList)
  const [segment, setSegment] = useState('')
  useEffect(() => void loadPersonalLink(), [])
  const link = state.link
  const chosen = segment || link?.segment.id || segments[0]?.id || ''
  return (
    <section className="card personal-link" aria-labelledby="personal-link-title">
      <h3 id="personal-link-title">
        <FormattedMessage id="utilities.link.title" />
      </h3>
      <p className="help">
        <FormattedMessage id="utilities.link.help" />
      </p>
      {state.status === 'loading' && !link ? (
        <PageLoading />
      ) : (
        <>
          {state.status === 'failed' && (
            <p className="notice danger" role="alert">
              <FormattedMessage id="utilities.link.readFailed" />
            </p>
          )}
          {link && (
            <div className="link-row">
              <label className="visually-hidden" htmlFor="personal-link-url">
                {intl.formatMessage({ id: 'utilities.link.url' })}
              </label>
              <input
                id="personal-link-url"
                className="input link-url"
                readOnly
                value={link.url}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button type="button" className="button copy-link" onClick={() => void copyPersonalLink()}>
                <sl-icon name="clipboard" aria-hidden="true"></sl-icon>
                <FormattedMessage id="utilities.link.copy" />
              </button>
            </div>
          )}
          <p className="copy-status" role="status">
            {state.copy === 'copied' && <FormattedMessage id="utilities.link.copied" />}
            {state.copy === 'failed' && <FormattedMessage id="utilities.link.copyFailed" />}
          </p>
          {link && (
            <p className="meta">
              <FormattedMessage
                id="utilities.link.madeAt"
                values={{
                  segment: link.segment.name,
                  date: <FormattedDate value={link.createdAt} dateStyle="medium" timeStyle="short" />,
                }}
              />
            </p>
          )}
          <div className="link-actions">
            {segments.length > 1 && (
              <div className="field">
                <label htmlFor="personal-link-segment">
                  <FormattedMessage id="utilities.link.segment" />
                </label>
                <select
                  id="personal-link-segment"
                  className="input"
                  value={chosen}
                  onChange={(event) => setSegment(event.currentTarget.value)}
                >
                  {segments.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {/* aria-disabled while it makes the link, not disabled: the focus stays to copy it next. */}
            <button
              type="button"
              className={link ? 'button generate-link' : 'button primary generate-link'}
              aria-disabled={state.generating}
              onClick={() => void generatePersonalLink(chosen || undefined)}
            >
              <sl-icon name={link ? 'arrow-clockwise' : 'link-45deg'} aria-hidden="true"></sl-icon>
              <FormattedMessage id={link ? 'utilities.link.regenerate' : 'utilities.link.generate'} />
            </button>
          </div>
          {link && (
            <p className="help">
              <FormattedMessage id="utilities.link.regenerateHelp" />
            </p>
          )}
          {state.generateFailed && (
            <p className="notice danger" role="alert">
              <FormattedMessage id="utilities.link.generateFailed" />
            </p>
          )}
        </>
      )}
    </section>
  )
}
