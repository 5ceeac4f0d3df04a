import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callForm, editFormField, visibleFormErrors } from '../../stores/call/call-form'
import { DynamicForm } from '../forms/DynamicForm'
import { SaveIndicator } from './SaveIndicator'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

/** The call's agent form: rendered from its definition, validated as the agent types, saved 500 ms later. */
export function AgentFormView() {
  const form = useStore($callForm)
  if (!form.definition) return null
  const blocked = form.showAllErrors && Object.keys(form.errors).length > 0
  return (
    <div className="agent-form-view">
      {blocked && (
        <sl-alert variant="warning" open className="hangup-blocked">
          <sl-icon slot="icon" name="exclamation-triangle"></sl-icon>
          <strong>
            <FormattedMessage id="call.hangup.formInvalidTitle" />
          </strong>
          <br />
          <FormattedMessage id="call.hangup.formInvalid" />
        </sl-alert>
      )}
      <DynamicForm
        fields={form.definition}
        values={form.values}
        errors={visibleFormErrors(form)}
        onChange={editFormField}
        idPrefix="agent-form"
      />
      <SaveIndicator status={form.status} />
    </div>
  )
}
