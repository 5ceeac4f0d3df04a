import { PagePlaceholder } from './PagePlaceholder'

/** Call history (`/history`, `/home`): a later issue fills it. */
export default function HistoryPage() {
  return <PagePlaceholder titleId="pages.history" />
}
