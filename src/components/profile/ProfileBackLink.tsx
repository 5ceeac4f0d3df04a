import { FormattedMessage } from 'react-intl'
import { navigate } from '../../stores/shell/router'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

/** Back to the profile from one of its pages. */
export function ProfileBackLink() {
  return (
    <a
      className="page-link back-link"
      href="/profile"
      onClick={(event) => {
        event.preventDefault()
        navigate('/profile')
      }}
    >
      <sl-icon name="arrow-left" aria-hidden="true"></sl-icon> <FormattedMessage id="profile.back" />
    </a>
  )
}
