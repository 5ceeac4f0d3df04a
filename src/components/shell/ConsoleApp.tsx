import { useStore } from '@nanostores/react'
import { $screen } from '../../stores/shell/navigation'
import { $route } from '../../stores/shell/router'
import { LoginScreen } from '../login/LoginScreen'
import { PublicPage } from './PublicPage'
import { Shell } from './Shell'
import { useShadowStyles } from '../root/useShadowStyles'
import { consoleHostStyles } from './console-host.styles'

interface ConsoleAppProps {
  /** Where the login's terms link points. */
  policiesUrl: string
}

/** The whole console: the login, a public page, or the shell, by route and session (SPEC §2). */
export function ConsoleApp({ policiesUrl }: ConsoleAppProps) {
  const screen = useStore($screen)
  const route = useStore($route)
  useShadowStyles(consoleHostStyles)
  if (screen === 'login') return <LoginScreen claimId={route.params.id} policiesUrl={policiesUrl} />
  if (screen === 'public') return <PublicPage />
  if (screen === 'shell') return <Shell />
  return null
}
