import { css } from 'lit'

/** The profile's pages: the overview and its menu, settings, announcements, metrics, feedback. */
export const profileStyles = css`
  .back-link {
    justify-self: start;
  }
  .profile-card {
    display: flex;
    gap: var(--sl-spacing-large);
    align-items: center;
  }
  .profile-card .avatar {
    font-size: 3rem;
    color: var(--sl-color-primary-600);
  }
  .profile-menu ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
    gap: var(--sl-spacing-small);
  }
  .profile-entry {
    font: inherit;
    width: 100%;
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    color: var(--sl-color-neutral-800);
    text-decoration: none;
    cursor: pointer;
    text-align: start;
  }
  .profile-entry:hover {
    border-color: var(--sl-color-primary-300);
    background: var(--sl-color-primary-50);
  }
  .profile-entry sl-icon {
    font-size: var(--sl-font-size-large);
    color: var(--sl-color-primary-600);
  }
  .profile-entry .label {
    flex: 1;
  }
  .count {
    min-width: 1.5rem;
    padding: 0 var(--sl-spacing-2x-small);
    border-radius: var(--sl-border-radius-pill);
    background: var(--sl-color-danger-600);
    color: var(--sl-color-neutral-0);
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-bold);
    text-align: center;
    line-height: 1.5rem;
  }
  .feedback-dialog {
    width: min(36rem, 94vw);
    border: 0;
    border-radius: var(--sl-border-radius-large);
    box-shadow: var(--sl-shadow-x-large);
    padding: var(--sl-spacing-large);
  }
  .feedback-dialog::backdrop {
    background: var(--sl-overlay-background-color);
  }
  .dialog-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    margin-bottom: var(--sl-spacing-small);
  }
  .dialog-header h2 {
    margin: 0;
    font-size: var(--sl-font-size-large);
  }
  .feedback-frame {
    width: 100%;
    height: 22rem;
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
  }
  .ringtone-fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .ringtone-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
    gap: var(--sl-spacing-x-small);
  }
  .ringtone-list li {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
  }
  .ringtone-list li[data-chosen='true'] {
    border-color: var(--sl-color-primary-500);
    background: var(--sl-color-primary-50);
  }
  .ringtone-list label {
    flex: 1;
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    cursor: pointer;
  }
  .ringtone-list input {
    accent-color: var(--sl-color-primary-600);
  }
  .volume {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
    max-width: 24rem;
  }
  .volume input {
    flex: 1;
    accent-color: var(--sl-color-primary-600);
  }
  .save-status {
    min-height: 1.2em;
    margin: 0;
    font-size: var(--sl-font-size-small);
  }
  .metrics-toolbar {
    display: flex;
    gap: var(--sl-spacing-x-small);
  }
  .figures {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
    gap: var(--sl-spacing-small);
    margin: 0;
  }
  .figure {
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-large);
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    display: grid;
    gap: var(--sl-spacing-3x-small);
  }
  .figure dt {
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  .figure dd {
    margin: 0;
    font-size: var(--sl-font-size-x-large);
    font-weight: var(--sl-font-weight-semibold);
    font-variant-numeric: tabular-nums;
  }
  .charts {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
    gap: var(--sl-spacing-medium);
  }
  .chart {
    margin: 0;
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .chart-box {
    position: relative;
    height: 16rem;
  }
`
