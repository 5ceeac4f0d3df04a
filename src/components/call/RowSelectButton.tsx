import { FormattedMessage, useIntl } from 'react-intl'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface RowSelectButtonProps {
  /** What the row names, for the button's accessible label. */
  name: string
  /** This row is the chosen target. */
  chosen: boolean
  disabled: boolean
  onSelect: () => void
}

/** The select button of a transfer or invite table row: pressed when chosen, labelled with the row's name. */
export function RowSelectButton({ name, chosen, disabled, onSelect }: RowSelectButtonProps) {
  const intl = useIntl()
  return (
    <sl-button
      size="small"
      variant={chosen ? 'primary' : 'default'}
      disabled={disabled}
      aria-pressed={chosen ? 'true' : 'false'}
      aria-label={intl.formatMessage({ id: 'call.table.selectName' }, { name })}
      onClick={onSelect}
    >
      <FormattedMessage id={chosen ? 'call.table.selected' : 'call.table.select'} />
    </sl-button>
  )
}
