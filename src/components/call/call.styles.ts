import { css } from 'lit'

/**
 * The call area. Narrow (a CRM side bar): video, menu and view stack. Wide (the console): the video
 * takes the left, the side menu and the chosen view the right.
 */
export const callStyles = css`
  .call-area {
    container-type: inline-size;
  }
  .call-layout {
    display: grid;
    gap: var(--sl-spacing-small);
    grid-template-columns: 1fr;
    grid-template-areas: 'header' 'stage' 'menu' 'view';
    padding: var(--sl-spacing-small);
    background: var(--sl-color-neutral-50);
    border-radius: var(--sl-border-radius-large);
  }
  @container (min-width: 44rem) {
    .call-layout {
      grid-template-columns: minmax(0, 3fr) auto minmax(17rem, 2fr);
      grid-template-areas: 'header header header' 'stage menu view';
    }
  }
  .call-header {
    grid-area: header;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--sl-spacing-small);
  }
  .call-header h2 {
    margin: 0;
    font-size: var(--sl-font-size-large);
  }
  .customer-left {
    margin: 0;
    color: var(--sl-color-warning-700);
  }
  .call-stage {
    grid-area: stage;
    position: relative;
    display: grid;
    gap: var(--sl-spacing-x-small);
    align-content: start;
  }
  .main-video {
    position: relative;
    background: #111;
    border-radius: var(--sl-border-radius-medium);
    aspect-ratio: 16 / 9;
    overflow: hidden;
    display: grid;
    place-items: center;
  }
  /* The tile fills the 16:9 stage whatever the camera's shape (a 4:3 image grew its row past the
     stage's bottom, which clipped the caption); the video covers it. */
  .main-video .video-tile {
    position: absolute;
    inset: 0;
  }
  .main-video video {
    width: 100%;
    height: 100%;
  }
  .waiting-video {
    color: var(--sl-color-neutral-0);
  }
  .permission-warning {
    margin: 0;
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    background: var(--sl-color-warning-100);
    color: var(--sl-color-warning-900);
    border-radius: var(--sl-border-radius-medium);
  }
  .video-tile {
    position: relative;
    margin: 0;
  }
  .video-tile video {
    display: block;
    width: 100%;
    background: #222;
    object-fit: cover;
  }
  .video-tile figcaption {
    position: absolute;
    inset-inline-start: var(--sl-spacing-x-small);
    bottom: var(--sl-spacing-x-small);
    padding: 0 var(--sl-spacing-x-small);
    background: rgb(0 0 0 / 0.55);
    color: #fff;
    border-radius: var(--sl-border-radius-small);
    font-size: var(--sl-font-size-x-small);
  }
  /* What the media path says, over the participant's video: the video area is dark in either theme. */
  .media-path-region {
    position: absolute;
    inset: 0;
    display: grid;
    /* Low in the tile: clear of the self view above, and of the name label below. */
    align-items: end;
    justify-items: center;
    padding: var(--sl-spacing-small) var(--sl-spacing-small) 2.75rem;
    overflow: auto;
    pointer-events: none;
  }
  .media-path {
    margin: 0;
    max-width: 36rem;
    padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
    background: rgb(0 0 0 / 0.8);
    color: #fff;
    border-radius: var(--sl-border-radius-medium);
    font-size: var(--sl-font-size-small);
    line-height: var(--sl-line-height-dense);
    text-align: center;
    pointer-events: auto;
  }
  .media-path-failed {
    border: 2px solid #fbbf24;
  }
  .media-quality {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-small);
  }
  .media-quality p {
    margin: 0;
  }
  .quality-good {
    color: var(--sl-color-success-700);
  }
  .quality-fair {
    color: var(--sl-color-warning-700);
  }
  .quality-poor {
    color: var(--sl-color-danger-700);
  }
  .quality-unknown,
  .media-quality-transport {
    color: var(--sl-color-neutral-700);
  }
  .unmute-remote {
    position: absolute;
    inset-inline-end: var(--sl-spacing-small);
    top: var(--sl-spacing-small);
  }
  .self-video {
    position: absolute;
    inset-inline-end: var(--sl-spacing-small);
    top: var(--sl-spacing-small);
    width: min(28%, 10rem);
    border: 2px solid var(--sl-color-neutral-0);
    border-radius: var(--sl-border-radius-medium);
    overflow: hidden;
    box-shadow: var(--sl-shadow-medium);
  }
  .self-video video {
    transform: scaleX(-1);
    aspect-ratio: 4 / 3;
  }
  .other-videos {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
    gap: var(--sl-spacing-x-small);
  }
  .call-controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    font-size: 1.4rem;
  }
  .call-controls .control.off {
    color: var(--sl-color-danger-600);
  }
  .background-picker {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
    font-size: var(--sl-font-size-small);
  }
  .background-picker select {
    font: inherit;
    padding: var(--sl-spacing-3x-small) var(--sl-spacing-x-small);
    border: 1px solid var(--sl-color-neutral-400);
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-neutral-0);
    color: var(--sl-color-neutral-900);
  }
  .background-picker select:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .hangup-button {
    margin-inline-start: auto;
  }
  .side-menu {
    grid-area: menu;
    display: flex;
    flex-wrap: wrap;
    gap: var(--sl-spacing-2x-small);
  }
  @container (min-width: 44rem) {
    .side-menu {
      flex-direction: column;
      flex-wrap: nowrap;
    }
  }
  .menu-entry {
    position: relative;
    display: grid;
    place-items: center;
    width: 2.75rem;
    height: 2.75rem;
    border: 1px solid var(--sl-color-neutral-300);
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-neutral-0);
    color: var(--sl-color-neutral-700);
    font-size: 1.25rem;
    cursor: pointer;
  }
  .menu-entry:hover:not(:disabled) {
    color: var(--sl-color-primary-600);
    border-color: var(--sl-color-primary-300);
  }
  .menu-entry.is-current,
  .menu-entry.is-current:hover:not(:disabled) {
    background: var(--sl-color-primary-600);
    border-color: var(--sl-color-primary-600);
    color: var(--sl-color-neutral-0);
  }
  .menu-entry.is-on,
  .menu-entry.is-on:hover:not(:disabled) {
    color: var(--sl-color-danger-600);
    border-color: var(--sl-color-danger-600);
  }
  .recording-bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
    border: 1px solid var(--sl-color-danger-300);
    border-radius: var(--sl-border-radius-medium);
    background: var(--sl-color-danger-50);
    color: var(--sl-color-danger-800);
    font-size: var(--sl-font-size-small);
  }
  .recording-bar.is-paused {
    border-color: var(--sl-color-warning-300);
    background: var(--sl-color-warning-50);
    color: var(--sl-color-warning-800);
  }
  .recording-dot {
    font-size: 1.1rem;
  }
  .recording-bar.is-recording .recording-dot {
    animation: recording-pulse 1.5s ease-in-out infinite;
  }
  @keyframes recording-pulse {
    50% {
      opacity: 0.35;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .recording-bar.is-recording .recording-dot {
      animation: none;
    }
  }
  .recording-state {
    font-weight: var(--sl-font-weight-semibold);
  }
  .recording-time {
    font-variant-numeric: tabular-nums;
  }
  .recording-automatic,
  .recording-upload {
    color: var(--sl-color-neutral-700);
  }
  .recording-actions {
    margin-inline-start: auto;
    display: inline-flex;
    font-size: 1.2rem;
  }
  .menu-entry:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .menu-count {
    position: absolute;
    top: -0.4rem;
    inset-inline-end: -0.4rem;
    font-size: var(--sl-font-size-2x-small);
  }
  .call-view {
    grid-area: view;
    min-width: 0;
    padding: var(--sl-spacing-small);
    background: var(--sl-color-neutral-0);
    border: 1px solid var(--sl-color-neutral-200);
    border-radius: var(--sl-border-radius-medium);
    overflow: auto;
    max-height: 40rem;
  }
  .info-view,
  .agent-form-view,
  .chat-view {
    display: grid;
    gap: var(--sl-spacing-medium);
  }
  .call-view h3 {
    margin: 0 0 var(--sl-spacing-x-small);
    font-size: var(--sl-font-size-medium);
  }
  .details {
    margin: 0;
    display: grid;
    grid-template-columns: 1fr;
    gap: var(--sl-spacing-3x-small);
  }
  .details .line {
    display: grid;
    grid-template-columns: minmax(6rem, 35%) 1fr;
    gap: var(--sl-spacing-x-small);
  }
  .details dt {
    color: var(--sl-color-neutral-600);
  }
  .details dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .flag {
    font-size: 1.1em;
  }
  .website {
    overflow-wrap: anywhere;
  }
  .raw-data {
    margin: var(--sl-spacing-x-small) 0 0;
    padding: var(--sl-spacing-x-small);
    background: var(--sl-color-neutral-100);
    border-radius: var(--sl-border-radius-small);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: var(--sl-font-size-small);
  }
  .call-muted {
    color: var(--sl-color-neutral-500);
  }
  .notify-queue {
    justify-self: start;
  }
  .save-indicator {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
    min-height: 1.25rem;
    font-size: var(--sl-font-size-x-small);
    color: var(--sl-color-neutral-600);
  }
  .save-error {
    color: var(--sl-color-danger-700);
  }
  .chat-log {
    max-height: 22rem;
    overflow: auto;
  }
  .chat-lines {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .chat-line {
    display: grid;
    gap: var(--sl-spacing-3x-small);
    padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
    border-radius: var(--sl-border-radius-large);
    background: var(--sl-color-neutral-100);
    max-width: 85%;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .chat-line.mine {
    justify-self: end;
    background: var(--sl-color-primary-100);
  }
  .chat-author {
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-semibold);
  }
  .chat-line time {
    font-size: var(--sl-font-size-2x-small);
    color: var(--sl-color-neutral-500);
  }
  .chat-form {
    display: flex;
    align-items: end;
    gap: var(--sl-spacing-x-small);
  }
  .chat-input {
    flex: 1;
    min-width: 0;
  }
  .chat-form sl-icon-button {
    font-size: 1.3rem;
  }
  .authorizations {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--sl-spacing-x-small);
  }
  .authorization {
    display: grid;
    grid-template-columns: 1fr auto auto;
    grid-template-areas: 'who accept deny' 'waited accept deny';
    align-items: center;
    font-size: 1rem;
  }
  .authorization[aria-busy='true'] {
    opacity: 0.6;
  }
  .authorization .who {
    grid-area: who;
    font-weight: var(--sl-font-weight-semibold);
  }
  .authorization .waited {
    grid-area: waited;
    font-size: var(--sl-font-size-small);
    color: var(--sl-color-neutral-600);
  }
  .authorization .accept {
    grid-area: accept;
    color: var(--sl-color-success-600);
    font-size: 1.3rem;
  }
  .authorization .deny {
    grid-area: deny;
    color: var(--sl-color-danger-600);
    font-size: 1.3rem;
  }
  .later-view {
    display: grid;
    gap: var(--sl-spacing-small);
    justify-items: start;
    color: var(--sl-color-neutral-600);
  }
  .table-toolbar {
    display: flex;
    align-items: end;
    gap: var(--sl-spacing-x-small);
    margin-block-end: var(--sl-spacing-x-small);
  }
  .table-toolbar sl-icon-button {
    margin-inline-start: auto;
    font-size: 1.2rem;
  }
  .agent-filter {
    flex: 1;
  }
  .server-table {
    position: relative;
  }
  .server-table table,
  .parameters {
    width: 100%;
    border-collapse: collapse;
  }
  .server-table th,
  .server-table td,
  .parameters th,
  .parameters td {
    text-align: start;
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
    border-bottom: 1px solid var(--sl-color-neutral-200);
    overflow-wrap: anywhere;
  }
  .current-segment {
    margin-inline-start: var(--sl-spacing-x-small);
  }
  .server-table tr.chosen {
    background: var(--sl-color-primary-50);
  }
  .table-spinner {
    position: absolute;
    inset-inline-end: var(--sl-spacing-small);
    top: var(--sl-spacing-small);
  }
  .transfer-target {
    margin-block-start: var(--sl-spacing-small);
  }
  .transfer-dialog,
  .invite-dialog {
    --width: min(40rem, 95vw);
  }
  .call-elsewhere {
    margin: 0;
    padding: var(--sl-spacing-medium);
    color: var(--sl-color-neutral-600);
  }
`
