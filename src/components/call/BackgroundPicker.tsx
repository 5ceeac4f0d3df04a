import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { VirtualBackgroundChoice } from '../../protocol'
import { $features } from '../../stores/profile/settings'
import {
  $accountBackgrounds,
  $virtualBackground,
  chooseBackground,
} from '../../stores/profile/virtual-background'
import { $backgroundEffect } from '../../stores/profile/background-effect'

/**
 * The virtual background during a call: none, blur or one of the account's images, switched live (the
 * customer's video changes, the call is not renegotiated). Saved to the user settings like the profile
 * page's choice; shown when the account enables the feature.
 */
export function BackgroundPicker() {
  const intl = useIntl()
  const features = useStore($features)
  const chosen = useStore($virtualBackground)
  const images = useStore($accountBackgrounds)
  const effect = useStore($backgroundEffect)
  if (!features.virtualBackground) return null
  const own = chosen !== '' && chosen !== 'blur' && !images.some((image) => image.id === chosen)
  return (
    <label className="background-picker" data-status={effect.status}>
      <span className="picker-label">{intl.formatMessage({ id: 'virtualBackground.choose' })}</span>
      <select
        value={chosen}
        onChange={(event) => void chooseBackground(event.currentTarget.value as VirtualBackgroundChoice)}
      >
        <option value="">{intl.formatMessage({ id: 'virtualBackground.none' })}</option>
        <option value="blur">{intl.formatMessage({ id: 'virtualBackground.blur' })}</option>
        {images.map((image, i) => (
          <option key={image.id} value={image.id}>
            {intl.formatMessage({ id: 'virtualBackground.image' }, { number: i + 1 })}
          </option>
        ))}
        {own && (
          <option value={chosen}>
            {intl.formatMessage({ id: 'virtualBackground.ownImage' }, { number: 1 })}
          </option>
        )}
      </select>
    </label>
  )
}
