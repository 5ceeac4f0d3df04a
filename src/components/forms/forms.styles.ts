import { css } from 'lit'

/** Dynamic forms: one column of fields with their problems under each. */
export const formStyles = css`
  .dynamic-form {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .dynamic-form .dynamic-field fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    display: grid;
    gap: var(--sl-spacing-2x-small);
  }
  .dynamic-form .dynamic-field legend {
    padding: 0;
    margin-block-end: var(--sl-spacing-2x-small);
    font-size: var(--sl-input-label-font-size-medium);
  }
  .dynamic-form .dynamic-field .required-mark {
    color: var(--sl-color-danger-600);
    margin-inline-start: var(--sl-spacing-3x-small);
  }
  /* A field's problem reads as one: in the danger colour, its box outlined in it. */
  .dynamic-form [aria-invalid='true']::part(form-control-help-text) {
    color: var(--sl-color-danger-700);
  }
  .dynamic-form sl-input[aria-invalid='true']::part(base),
  .dynamic-form sl-textarea[aria-invalid='true']::part(base),
  .dynamic-form sl-select[aria-invalid='true']::part(combobox),
  .dynamic-form sl-checkbox[aria-invalid='true']::part(control) {
    border-color: var(--sl-color-danger-600);
  }
  .dynamic-form .dynamic-field .field-problem {
    margin: var(--sl-spacing-3x-small) 0 0;
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
`
