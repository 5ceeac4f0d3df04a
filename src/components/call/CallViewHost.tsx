import { useStore } from '@nanostores/react'
import { $callView } from '../../stores/call/call-views'
import { LazyArea } from '../common/LazyArea'
import { CALL_VIEW_ENTRIES } from './call-menu'

/** The view the side menu chose (an entry of `CALL_MENU`), loaded from its chunk, in a labelled region. */
export function CallViewHost() {
  const view = useStore($callView)
  const entry = CALL_VIEW_ENTRIES.get(view)
  return (
    <section className={`call-view view-${view}`} data-view={view}>
      {entry && <LazyArea key={view} load={entry.load} props={{}} />}
    </section>
  )
}
