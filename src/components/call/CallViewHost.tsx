import { useStore } from '@nanostores/react'
import { $callView } from '../../stores/call/call-views'
import { InfoView } from './InfoView'
import { AgentFormView } from './AgentFormView'
import { ChatView } from './ChatView'
import { AuthorizationsView } from './AuthorizationsView'
import { LaterView } from './LaterView'

/** The view the side menu chose, in a labelled region. */
export function CallViewHost() {
  const view = useStore($callView)
  return (
    <section className={`call-view view-${view}`} data-view={view}>
      {view === 'info' && <InfoView />}
      {view === 'agent-form' && <AgentFormView />}
      {view === 'chat' && <ChatView />}
      {view === 'authorizations' && <AuthorizationsView />}
      {(view === 'fileshare' || view === 'capture' || view === 'custom-apps') && <LaterView view={view} />}
    </section>
  )
}
