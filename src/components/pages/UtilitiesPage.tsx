import { PagePlaceholder } from './PagePlaceholder'

/** Utilities (`/utilities`): a later issue fills it. */
export default function UtilitiesPage() {
  return <PagePlaceholder titleId="pages.utilities" />
}
