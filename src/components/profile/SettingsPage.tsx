import { useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { RINGTONES } from '../../constants'
import {
  $ringtone,
  $ringtonePreview,
  $ringtoneVolume,
  setRingtoneVolume,
  stopRingtonePreview,
  toggleRingtonePreview,
} from '../../stores/profile/ringtone'
import { $ringtoneChoice, chooseRingtone, resetRingtoneChoice } from '../../stores/profile/ringtone-choice'
import { $userSettings, loadUserSettings } from '../../stores/profile/settings'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { PageLoading } from '../common/PageStates'
import { pageStyles } from '../pages/pages.styles'
import { profileStyles } from './profile.styles'
import { ProfileBackLink } from './ProfileBackLink'
import { selectKey } from '../common/select-key'
import { registerPageIcons } from '../icons/pages-icons'

// Its icons (play, stop) come with the pages' chunk: the call area's own may not be loaded.
registerPageIcons()

/**
 * `/profile/settings`: the ringtone of inbound calls (and of the offline alert), one of the twelve,
 * each to preview (play/stop) at the chosen volume; the choice is saved to `/user/settings` and rings
 * from the next call on.
 */
export default function SettingsPage() {
  useShadowStyles(controlStyles, pageStyles, profileStyles)
  const intl = useIntl()
  const settings = useStore($userSettings)
  const chosen = useStore($ringtone)
  const preview = useStore($ringtonePreview)
  const volume = useStore($ringtoneVolume)
  const choice = useStore($ringtoneChoice)
  // The tone being saved shows at once, and the tones stay pressable while it saves: disabling
  // them dropped the keyboard focus at each arrow key. The store saves the last one chosen, last.
  const shown = choice.saving ?? chosen
  useEffect(() => {
    if (!$userSettings.get()) void loadUserSettings()
    return () => {
      stopRingtonePreview()
      resetRingtoneChoice()
    }
  }, [])
  const name = (tone: string) =>
    intl.formatMessage({ id: 'settings.ringtoneName' }, { tone: selectKey(tone) })
  return (
    <section className="page settings-page" aria-labelledby="page-title">
      <ProfileBackLink />
      <header className="page-header">
        <h2 id="page-title">
          <FormattedMessage id="pages.profileSettings" />
        </h2>
      </header>
      <section className="card ringtones" aria-labelledby="ringtone-title">
        <h3 id="ringtone-title">
          <FormattedMessage id="settings.ringtone" />
        </h3>
        <p className="help">
          <FormattedMessage id="settings.ringtoneHelp" />
        </p>
        <div className="volume">
          <label htmlFor="ringtone-volume">
            <FormattedMessage id="settings.volume" />
          </label>
          <input
            id="ringtone-volume"
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(volume * 100)}
            aria-valuetext={intl.formatNumber(volume, { style: 'percent' })}
            onChange={(event) => setRingtoneVolume(Number(event.currentTarget.value) / 100)}
          />
          <output htmlFor="ringtone-volume">{intl.formatNumber(volume, { style: 'percent' })}</output>
        </div>
        {!settings ? (
          <PageLoading />
        ) : (
          <fieldset className="ringtone-fieldset">
            <legend className="visually-hidden">{intl.formatMessage({ id: 'settings.ringtone' })}</legend>
            <ul className="ringtone-list">
              {RINGTONES.map((tone) => (
                <li key={tone} data-ringtone={tone} data-chosen={tone === shown}>
                  <label>
                    <input
                      type="radio"
                      name="ringtone"
                      value={tone}
                      checked={tone === shown}
                      onChange={() => void chooseRingtone(tone)}
                    />
                    {name(tone)}
                  </label>
                  <button
                    type="button"
                    className="button small text tone-preview"
                    aria-pressed={preview === tone}
                    aria-label={intl.formatMessage(
                      { id: preview === tone ? 'settings.stopPreview' : 'settings.playPreview' },
                      { tone: name(tone) },
                    )}
                    onClick={() => toggleRingtonePreview(tone)}
                  >
                    <sl-icon name={preview === tone ? 'stop-fill' : 'play-fill'} aria-hidden="true"></sl-icon>
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <p className="save-status" role="status">
          {choice.saving && <FormattedMessage id="settings.saving" />}
          {choice.saved && <FormattedMessage id="settings.saved" values={{ tone: name(choice.saved) }} />}
        </p>
        {choice.failed && (
          <p className="notice danger" role="alert">
            <FormattedMessage id="settings.saveFailed" />
          </p>
        )}
      </section>
    </section>
  )
}
