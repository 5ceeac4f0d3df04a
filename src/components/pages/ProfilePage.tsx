import type { RouteName } from '../../stores/shell/router'
import type { MessageId } from '../../stores/app/i18n'
import { PagePlaceholder } from './PagePlaceholder'

const TITLES: Partial<Record<RouteName, MessageId>> = {
  profile: 'pages.profile',
  'profile-2fa': 'pages.profile2fa',
  'profile-virtual-background': 'pages.profileVirtualBackground',
  'profile-settings': 'pages.profileSettings',
}

interface ProfilePageProps {
  /** Which profile route is open. */
  route: RouteName
}

/** The profile pages (`/profile/...`) a later issue fills; notifications have their own page. */
export default function ProfilePage({ route }: ProfilePageProps) {
  return <PagePlaceholder titleId={TITLES[route] ?? 'pages.profile'} />
}
