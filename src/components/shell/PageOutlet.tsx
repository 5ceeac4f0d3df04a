import { useStore } from '@nanostores/react'
import { $route } from '../../stores/shell/router'
import { LazyArea } from '../common/LazyArea'
import { pageOf } from './shell-pages'

/** The routed page of the shell (SPEC §2 children of home), from the table of `SHELL_PAGES`. */
export function PageOutlet() {
  const route = useStore($route)
  const page = pageOf(route.name)
  return <LazyArea key={page.id} load={page.load} props={{ route: route.name }} />
}
