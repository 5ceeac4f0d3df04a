import { useEffect, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callForm, editFormField, visibleFormErrors } from '../../stores/call/call-form'
import { $focusRequest, clearFocusRequest } from '../../stores/app/focus-request'
import { DynamicForm } from '../forms/DynamicForm'
import { focusFirstProblem } from '../forms/focus-first-problem'
import { SaveIndicator } from './SaveIndicator'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

/** Resolves once a control can take the focus: a Shoelace one once defined and rendered. */
async function ready(control: Element | null | undefined): Promise<void> {
  if (!control?.localName.includes('-')) return
  await customElements.whenDefined(control.localName)
  await (control as Element & { updateComplete?: Promise<unknown> }).updateComplete
}

/** The call's agent form: rendered from its definition, validated as the agent types, saved 500 ms later. */
export function AgentFormView() {
  const form = useStore($callForm)
  const focusWanted = useStore($focusRequest) === 'agent-form'
  const view = useRef<HTMLDivElement>(null)
  const blocked = form.showAllErrors && Object.keys(form.errors).length > 0

  // A blocked hang-up takes the keyboard to the first field that blocked it (SPEC §2, keyboard).
  useEffect(() => {
    if (!focusWanted || !blocked) return
    clearFocusRequest('agent-form')
    const root = view.current
    void ready(root?.querySelector('[aria-invalid="true"]')).then(() => focusFirstProblem(root))
  }, [focusWanted, blocked])

  if (!form.definition) return null
  return (
    <div className="agent-form-view" ref={view}>
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
