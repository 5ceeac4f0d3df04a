import type { RouteName } from '../../stores/shell/router'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { profileStyles } from '../profile/profile.styles'
import { ProfileOverview } from '../profile/ProfileOverview'
import { pageStyles } from './pages.styles'

interface ProfilePageProps {
  /** Which profile route is open (every profile page of its own has its entry in `SHELL_PAGES`). */
  route: RouteName
}

/** `/profile`: the agent's overview and the profile's menu. */
export default function ProfilePage(_props: ProfilePageProps) {
  useShadowStyles(controlStyles, pageStyles, profileStyles)
  return <ProfileOverview />
}
