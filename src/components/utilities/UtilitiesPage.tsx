import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $agentSegments, loadAgentSegments } from '../../stores/utilities/agent-segments'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { GenericError } from '../common/GenericError'
import { PageEmpty, PageLoading } from '../common/PageStates'
import { pageStyles } from '../pages/pages.styles'
import { utilitiesStyles } from './utilities.styles'
import { PersonalLinkCard } from './PersonalLinkCard'

/** `/utilities`: the agent's segments and their personal link. */
export default function UtilitiesPage() {
  useShadowStyles(controlStyles, pageStyles, utilitiesStyles)
  const segments = useStore($agentSegments)
  useEffect(() => void loadAgentSegments(), [])
  return (
    <section className="page utilities-page" aria-labelledby="page-title">
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.utilities" />
        </h2>
      </header>
      <section className="card segments" aria-labelledby="segments-title">
        <h3 id="segments-title">
          <FormattedMessage id="utilities.segments.title" />
        </h3>
        {segments.status === 'failed' ? (
          <GenericError
            retryWhenOnline
            messageId="utilities.segments.failed"
            onRetry={() => void loadAgentSegments()}
          />
        ) : segments.status === 'loaded' ? (
          segments.segments.length === 0 ? (
            <PageEmpty messageId="utilities.segments.empty" />
          ) : (
            <ul className="segment-list">
              {segments.segments.map((segment) => (
                <li key={segment.id} className="tag primary">
                  {segment.name}
                </li>
              ))}
            </ul>
          )
        ) : (
          <PageLoading />
        )}
      </section>
      <PersonalLinkCard />
    </section>
  )
}
