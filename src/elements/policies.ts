import { useStore } from '@nanostores/react'
import { $config } from '../stores/app/config'

/**
 * Where the login's terms link points: the element's `policies-url`, else the configured one (by default
 * the policies page of the server the console's files came from, never a path on the host's origin).
 */
export function usePoliciesUrl(attribute: string | undefined): string {
  const { policiesUrl } = useStore($config)
  return attribute || policiesUrl
}
