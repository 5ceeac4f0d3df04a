import { FormattedMessage } from 'react-intl'
import { statusMessageId } from '../../stores/status/agent'

interface StatusNameProps {
  /** The status id. */
  id: string
  /** The account's label, for statuses the console does not know. */
  label: string | undefined
}

/** A status's name: translated for the statuses of SPEC §3, the account's own label otherwise. */
export function StatusName({ id, label }: StatusNameProps) {
  const known = statusMessageId(id)
  return known ? <FormattedMessage id={known} /> : <>{label ?? id}</>
}
