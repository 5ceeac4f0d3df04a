import { useEffect, useRef, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { BACKGROUND_IMAGE_TYPES } from '../../protocol'
import { $features, $userSettings, loadUserSettings } from '../../stores/profile/settings'
import {
  $accountBackgrounds,
  $virtualBackground,
  $virtualBackgroundPage,
  chooseBackground,
  loadOwnBackgrounds,
  resetVirtualBackgroundPage,
  uploadBackground,
} from '../../stores/profile/virtual-background'
import { $backgroundEffect } from '../../stores/profile/background-effect'
import {
  $backgroundPreview,
  closeBackgroundPreview,
  openBackgroundPreview,
} from '../../stores/profile/background-preview'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { virtualBackgroundStyles } from './virtual-background.styles'
import { ProfileBackLink } from './ProfileBackLink'

/**
 * `/profile/virtual-background`: none, blur, or an image (the account's or one's own, uploaded here);
 * the choice is saved to the user settings. Shown when the console settings enable the feature.
 */
export default function VirtualBackgroundPage() {
  useShadowStyles(controlStyles, virtualBackgroundStyles)
  const intl = useIntl()
  const features = useStore($features)
  const settings = useStore($userSettings)
  const chosen = useStore($virtualBackground)
  const account = useStore($accountBackgrounds)
  const page = useStore($virtualBackgroundPage)
  const preview = useStore($backgroundPreview)
  const effect = useStore($backgroundEffect)
  const video = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (!$userSettings.get()) void loadUserSettings()
    void loadOwnBackgrounds()
    return resetVirtualBackgroundPage
  }, [])
  useEffect(() => {
    if (!features.virtualBackground) return undefined
    void openBackgroundPreview()
    return closeBackgroundPreview
  }, [features.virtualBackground])
  useEffect(() => {
    if (video.current && video.current.srcObject !== preview.stream) video.current.srcObject = preview.stream
  }, [preview.stream])
  // Numbered within their group: "Image 1", "My image 1".
  const images = [
    ...account.map((image, i) => ({ ...image, number: i + 1 })),
    ...page.own.map((image, i) => ({ ...image, number: i + 1 })),
  ]
  // The choice shows at once and stays pressable while it saves: disabling the radios dropped the
  // keyboard focus at each arrow key, and the store saves the last one chosen, last.
  const shown = page.saving ?? chosen
  const option = (value: string, label: string, picture: ReactNode) => (
    <li key={value || 'none'} data-background={value || 'none'} data-chosen={shown === value}>
      <label className="background-option">
        <input
          type="radio"
          name="virtual-background"
          value={value}
          checked={shown === value}
          onChange={() => void chooseBackground(value as '' | 'blur')}
        />
        {picture}
        <span className="option-label">{label}</span>
      </label>
    </li>
  )
  return (
    <section className="page virtual-background-page" aria-labelledby="page-title">
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profileVirtualBackground" />
        </h2>
      </header>
      {!features.virtualBackground ? (
        <p className="notice warning">
          <FormattedMessage id="virtualBackground.off" />
        </p>
      ) : (
        <>
          <figure className="background-preview" data-effect={effect.status}>
            <video ref={video} autoPlay muted playsInline aria-describedby="background-preview-caption" />
            <figcaption id="background-preview-caption">
              <FormattedMessage id="virtualBackground.preview" />
              {effect.status === 'loading' && (
                <span role="status">
                  {' '}
                  <FormattedMessage id="virtualBackground.status.loading" />
                </span>
              )}
              {effect.status === 'on' && (
                <span role="status">
                  {' '}
                  <FormattedMessage id="virtualBackground.status.on" />
                </span>
              )}
            </figcaption>
            {effect.error && (
              <p className="notice warning">
                <FormattedMessage id={effect.error} />
              </p>
            )}
            {preview.error && (
              <div className="notice danger" role="alert">
                <p>
                  <FormattedMessage id="call.media.error" values={{ message: preview.error }} />
                </p>
                {preview.advice !== 'none' && (
                  <p>
                    <FormattedMessage id="media.captureAdvice" values={{ advice: preview.advice }} />
                  </p>
                )}
              </div>
            )}
          </figure>
          <fieldset className="backgrounds" disabled={!settings}>
            <legend>
              <FormattedMessage id="virtualBackground.choose" />
            </legend>
            <ul className="background-list">
              {option(
                '',
                intl.formatMessage({ id: 'virtualBackground.none' }),
                <span className="swatch none" aria-hidden="true" />,
              )}
              {option(
                'blur',
                intl.formatMessage({ id: 'virtualBackground.blur' }),
                <span className="swatch blur" aria-hidden="true" />,
              )}
              {images.map((image) =>
                option(
                  image.id,
                  intl.formatMessage(
                    { id: image.own ? 'virtualBackground.ownImage' : 'virtualBackground.image' },
                    { number: image.number },
                  ),
                  image.src ? (
                    <img className="swatch" src={image.src} alt="" />
                  ) : (
                    <span className="swatch" aria-hidden="true" />
                  ),
                ),
              )}
            </ul>
          </fieldset>
          <div className="field upload">
            <label htmlFor="background-upload">
              <FormattedMessage id="virtualBackground.upload" />
            </label>
            <input
              id="background-upload"
              type="file"
              accept={BACKGROUND_IMAGE_TYPES.join(',')}
              disabled={page.uploading}
              aria-describedby="background-upload-help background-error"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0]
                event.currentTarget.value = ''
                if (file) void uploadBackground(file)
              }}
            />
            <p id="background-upload-help" className="help">
              <FormattedMessage id="virtualBackground.uploadHelp" />
            </p>
          </div>
        </>
      )}
      <p role="status" className="save-status">
        {page.uploading && <FormattedMessage id="virtualBackground.uploading" />}
        {page.saving !== null && <FormattedMessage id="virtualBackground.saving" />}
        {page.notice && <FormattedMessage id={page.notice} />}
      </p>
      <div id="background-error" role="alert">
        {page.error && (
          <p className="notice danger">
            <FormattedMessage id={page.error} />
          </p>
        )}
      </div>
    </section>
  )
}
