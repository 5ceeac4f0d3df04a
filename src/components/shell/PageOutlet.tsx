import { useStore } from '@nanostores/react'
import { $route } from '../../stores/shell/router'
import { LazyArea } from '../common/LazyArea'
import {
  loadHistoryPage,
  loadNotificationsPage,
  loadProfilePage,
  loadRecordingsPage,
  loadUtilitiesPage,
} from '../pages/pages'

/** The routed page of the shell (SPEC §2 children of home). */
export function PageOutlet() {
  const route = useStore($route)
  switch (route.name) {
    case 'utilities':
      return <LazyArea key="utilities" load={loadUtilitiesPage} props={{}} />
    case 'recordings':
      return <LazyArea key="recordings" load={loadRecordingsPage} props={{}} />
    case 'profile-notifications':
      return <LazyArea key="notifications" load={loadNotificationsPage} props={{}} />
    case 'profile':
    case 'profile-2fa':
    case 'profile-virtual-background':
    case 'profile-settings':
    case 'profile-recordings-backups':
      return <LazyArea key="profile" load={loadProfilePage} props={{ route: route.name }} />
    default:
      return <LazyArea key="history" load={loadHistoryPage} props={{}} />
  }
}
