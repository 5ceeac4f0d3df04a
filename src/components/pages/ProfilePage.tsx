import type { RouteName } from '../../stores/shell/router'
import type { MessageId } from '../../stores/app/i18n'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { profileStyles } from '../profile/profile.styles'
import { ProfileOverview } from '../profile/ProfileOverview'
import { pageStyles } from './pages.styles'
import { PagePlaceholder } from './PagePlaceholder'

const TITLES: Partial<Record<RouteName, MessageId>> = {
  'profile-2fa': 'pages.profile2fa',
  'profile-virtual-background': 'pages.profileVirtualBackground',
}

interface ProfilePageProps {
  /** Which profile route is open. */
  route: RouteName
}

/**
 * `/profile`: the agent's overview and the profile's menu. The profile pages that other issues fill
 * (2FA, virtual background, recording backups) show their placeholder here meanwhile.
 */
export default function ProfilePage({ route }: ProfilePageProps) {
  useShadowStyles(controlStyles, pageStyles, profileStyles)
  const title = TITLES[route]
  return title ? <PagePlaceholder titleId={title} /> : <ProfileOverview />
}
