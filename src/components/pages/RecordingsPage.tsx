import { PagePlaceholder } from './PagePlaceholder'

/** Recordings (`/recordings`): a later issue fills it. */
export default function RecordingsPage() {
  return <PagePlaceholder titleId="pages.recordings" />
}
