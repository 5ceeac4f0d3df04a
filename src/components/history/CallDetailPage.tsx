import { useEffect } from 'react'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callDetail, loadCallDetail } from '../../stores/history/call-detail'
import { $route, navigate } from '../../stores/shell/router'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { PageEmpty, PageLoading } from '../common/PageStates'
import { pageStyles } from '../pages/pages.styles'
import { historyStyles } from './history.styles'
import { OutcomeTag, TalkTime, ViaNote } from './outcome'
import {
  CustomerCard,
  FilesCard,
  FormsCard,
  NotesCard,
  StepsCard,
  TranscriptCard,
} from './CallDetailSections'
import { CallQualityCard } from './CallQualityCard'

/**
 * `/history/{id}`: one call of the agent's history: when, who, how it ended; and, when the agent took
 * part, the customer's details, the forms, tags and comment, the chat, files and recordings, and the
 * transfers or invitations along the way, and how its media went.
 */
export default function CallDetailPage() {
  useShadowStyles(controlStyles, pageStyles, historyStyles)
  const route = useStore($route)
  const id = route.params.id ?? ''
  const state = useStore($callDetail)
  useEffect(() => void loadCallDetail(id), [id])
  const current = state.status !== 'idle' && state.id === id ? state : null
  return (
    <section className="page call-detail-page" aria-labelledby="page-title">
      <a
        className="page-link back-link"
        href="/history"
        onClick={(event) => {
          event.preventDefault()
          navigate('/history')
        }}
      >
        <sl-icon name="arrow-left" aria-hidden="true"></sl-icon> <FormattedMessage id="history.detail.back" />
      </a>
      {!current || current.status === 'loading' ? (
        <>
          <h2 id="page-title">
            <FormattedMessage id="history.detail.title" />
          </h2>
          <PageLoading />
        </>
      ) : current.status === 'missing' ? (
        <>
          <h2 id="page-title">
            <FormattedMessage id="history.detail.title" />
          </h2>
          <PageEmpty messageId="history.detail.missing" />
        </>
      ) : current.status === 'failed' ? (
        <>
          <h2 id="page-title">
            <FormattedMessage id="history.detail.title" />
          </h2>
          <GenericError
            retryWhenOnline
            messageId="history.detail.failed"
            onRetry={() => void loadCallDetail(id)}
          />
        </>
      ) : (
        <>
          <header className="page-header">
            <h2 id="page-title">
              <bdi>{current.detail.customerName || '—'}</bdi>
            </h2>
            <OutcomeTag outcome={current.detail.outcome} />
            <ViaNote via={current.detail.via} />
          </header>
          <dl className="field-list card summary">
            <div className="pair">
              <dt>
                <FormattedMessage id="history.column.date" />
              </dt>
              <dd>
                <FormattedDate value={current.detail.startedAt} dateStyle="full" timeStyle="short" />
              </dd>
            </div>
            <div className="pair">
              <dt>
                <FormattedMessage id="history.column.segment" />
              </dt>
              <dd>{current.detail.segment?.name ?? '—'}</dd>
            </div>
            <div className="pair">
              <dt>
                <FormattedMessage id="history.column.duration" />
              </dt>
              <dd>
                <TalkTime ms={current.detail.durationMs} />
              </dd>
            </div>
          </dl>
          {!current.detail.participated && (
            <p className="notice">
              <FormattedMessage id="history.detail.notAnswered" />
            </p>
          )}
          <div className="detail-grid">
            <NotesCard detail={current.detail} />
            {current.detail.participated && <TranscriptCard detail={current.detail} />}
            <CustomerCard detail={current.detail} />
            <FormsCard detail={current.detail} />
            {current.detail.participated && <FilesCard detail={current.detail} />}
            <StepsCard detail={current.detail} />
            <CallQualityCard detail={current.detail} />
          </div>
        </>
      )}
    </section>
  )
}
