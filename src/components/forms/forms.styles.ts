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
  .dynamic-form .dynamic-field .field-problem {
    margin: var(--sl-spacing-3x-small) 0 0;
    color: var(--sl-color-danger-700);
    font-size: var(--sl-font-size-small);
  }
`
