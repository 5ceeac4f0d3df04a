import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callTags, chooseTags } from '../../stores/call/call-tags'
import { steadyPopup } from '../common/steady-popup'
import { SaveIndicator } from './SaveIndicator'
import '@shoelace-style/shoelace/dist/components/select/select.js'
import '@shoelace-style/shoelace/dist/components/option/option.js'

/**
 * The call's tags: a multiple select sent with `set:tags`; marked required when the segment demands one.
 * A choice the server has not confirmed (no answer, no link) says it is not saved and will be retried.
 */
export function TagsField() {
  const intl = useIntl()
  const tags = useStore($callTags)
  return (
    <div className="tags-field-box">
      <sl-select
        {...steadyPopup}
        className="tags-field"
        multiple
        clearable
        maxOptionsVisible={0}
        label={intl.formatMessage({ id: 'call.info.tags' })}
        placeholder={intl.formatMessage({ id: 'call.info.tagsPlaceholder' })}
        helpText={tags.mandatory ? intl.formatMessage({ id: 'call.info.tagsMandatory' }) : ''}
        required={tags.mandatory}
        value={tags.selected}
        onsl-change={(event) => {
          const value = (event.target as HTMLElementTagNameMap['sl-select']).value
          void chooseTags(Array.isArray(value) ? value : value ? [value] : [])
        }}
      >
        {tags.available.map((tag) => (
          <sl-option key={tag._id} value={tag._id}>
            {tag.label || tag.name}
          </sl-option>
        ))}
      </sl-select>
      {/* Only then: an empty indicator would still take its line under the field. */}
      {tags.unsaved && <SaveIndicator status="error" />}
    </div>
  )
}
