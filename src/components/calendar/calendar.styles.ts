import { css } from 'lit'

/** The calendar sidebar: toolbar and FullCalendar's day grid (its own CSS is injected by FullCalendar). */
export const calendarStyles = css`
  .calendar-area {
    display: flex;
    flex-direction: column;
    gap: var(--sl-spacing-small);
    height: 100%;
    min-height: 32rem;
  }
  .calendar-area .calendar-toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    justify-content: space-between;
    gap: var(--sl-spacing-small);
  }
  .calendar-area .calendar-nav {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
  }
  .calendar-area .calendar-heading {
    margin: 0;
    display: grid;
    min-width: 10rem;
    text-align: center;
    font-size: var(--sl-font-size-medium);
    line-height: var(--sl-line-height-dense);
  }
  .calendar-area .calendar-weekday {
    font-weight: var(--sl-font-weight-semibold);
  }
  /* Spanish and French weekdays are lower case; only the first letter goes up as a heading. */
  .calendar-area .calendar-weekday::first-letter {
    text-transform: uppercase;
  }
  .calendar-area .calendar-date {
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  .calendar-area .calendar-users {
    min-width: 12rem;
  }
  .calendar-area .calendar-status {
    margin: 0;
    color: var(--sl-color-neutral-600);
    font-size: var(--sl-font-size-small);
  }
  /* <agent-calendar> alone fills the height its host page gives it (the console's shell sizes it there). */
  .agent-root:has(> .calendar-area) {
    height: 100%;
  }
  /* The grid takes the room the column leaves it. FullCalendar's height: 100% resolves only against a
     definite height, which a flex item of an auto-height column is not: alone on a page, the grid was 0 px
     tall. Absolutely placed, it fills the box whatever sized it. */
  .calendar-area .day-grid {
    position: relative;
    flex: 1;
    min-height: 24rem;
    --fc-border-color: var(--sl-color-neutral-200);
    --fc-now-indicator-color: var(--sl-color-danger-600);
    --fc-today-bg-color: transparent;
    --fc-event-bg-color: var(--sl-color-primary-50);
    --fc-event-border-color: var(--sl-color-primary-600);
    --fc-event-text-color: var(--sl-color-neutral-900);
    font-size: var(--sl-font-size-small);
  }
  .calendar-area .day-grid > .fc {
    position: absolute;
    inset: 0;
  }
  .calendar-area .fc .appointment {
    border-width: 0 0 0 4px;
    border-radius: var(--sl-border-radius-small);
    cursor: pointer;
  }
  .calendar-area .fc .appointment:focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: 1px;
  }
  .calendar-area .fc .status-pending {
    background: var(--sl-color-primary-50);
    border-color: var(--sl-color-primary-600);
  }
  .calendar-area .fc .status-attended {
    background: var(--sl-color-success-50);
    border-color: var(--sl-color-success-600);
  }
  .calendar-area .fc .status-canceled {
    background: var(--sl-color-danger-50);
    border-color: var(--sl-color-danger-600);
  }
  .calendar-area .fc .status-canceled .appointment-title,
  .calendar-area .fc .status-rescheduled .appointment-title {
    text-decoration: line-through;
  }
  .calendar-area .fc .status-rescheduled {
    background: var(--sl-color-neutral-100);
    border-color: var(--sl-color-neutral-500);
  }
  .calendar-area .fc .type-blocked {
    background: repeating-linear-gradient(
      135deg,
      var(--sl-color-neutral-100),
      var(--sl-color-neutral-100) 6px,
      var(--sl-color-neutral-200) 6px,
      var(--sl-color-neutral-200) 12px
    );
    border-color: var(--sl-color-neutral-600);
  }
  .calendar-area .fc .type-external {
    border-style: dashed;
    border-width: 1px 1px 1px 4px;
    cursor: default;
  }
  /*
   * Past appointments are dimmed (SPEC §4): a grey band and a muted block, their text a step lighter and
   * marked "Ended". Never by opacity: faded text would fall below 4.5:1 on the muted block.
   */
  .calendar-area .fc .is-past {
    border-left-color: var(--sl-color-neutral-300);
  }
  .calendar-area .fc .appointment.is-past:not(.type-blocked) {
    background: var(--sl-color-neutral-100);
  }
  .calendar-area .fc .is-past .appointment-title {
    font-weight: var(--sl-font-weight-normal);
    color: var(--sl-color-neutral-700);
  }
  .calendar-area .fc .is-past .appointment-time {
    color: var(--sl-color-neutral-600);
  }
  .calendar-area .appointment-ended {
    display: none;
    color: var(--sl-color-neutral-700);
  }
  .calendar-area .fc .is-past .appointment-ended {
    display: inline;
  }
  .calendar-area .appointment-body {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 var(--sl-spacing-x-small);
    padding: 1px var(--sl-spacing-2x-small);
    overflow: hidden;
    color: var(--sl-color-neutral-900);
  }
  /* A short appointment keeps to its own box: one line, its title cut, never over the next one. */
  .calendar-area .fc-timegrid-event,
  .calendar-area .fc-timegrid-event .fc-event-main {
    overflow: hidden;
  }
  .calendar-area .fc-timegrid-event-short .appointment-body {
    flex-wrap: nowrap;
    white-space: nowrap;
  }
  /*
   * On that line the badges stay whole: the title gives way first (shrinks a thousand times faster), then
   * the time (its slot already says when); both are cut with an ellipsis.
   */
  .calendar-area .fc-timegrid-event-short .appointment-title,
  .calendar-area .fc-timegrid-event-short .appointment-time {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .calendar-area .fc-timegrid-event-short .appointment-title {
    flex: 0 1000 auto;
  }
  .calendar-area .fc-timegrid-event-short .appointment-badges {
    flex: none;
  }
  /* A 15-minute box is about one line high: the line and its badge made to fit it. */
  .calendar-area .fc-timegrid-event-short .appointment-body {
    align-items: center;
    padding-block: 0;
    line-height: 1.15;
  }
  .calendar-area .fc-timegrid-event-short .appointment-badge,
  .calendar-area .fc-timegrid-event-short .appointment-ended {
    line-height: 1.1;
  }
  .calendar-area .appointment-time {
    font-variant-numeric: tabular-nums;
    color: var(--sl-color-neutral-700);
  }
  .calendar-area .appointment-title {
    font-weight: var(--sl-font-weight-semibold);
  }
  .calendar-area .appointment-badges {
    display: inline-flex;
    gap: var(--sl-spacing-3x-small);
  }
  .calendar-area .appointment-badge,
  .calendar-area .appointment-ended {
    padding: 0 var(--sl-spacing-2x-small);
    border-radius: var(--sl-border-radius-pill);
    font-size: var(--sl-font-size-2x-small);
    font-weight: var(--sl-font-weight-semibold);
    text-transform: uppercase;
    letter-spacing: 0.03em;
    background: var(--sl-color-neutral-0);
    border: 1px solid currentColor;
  }
  .calendar-area .badge-pending {
    color: var(--sl-color-primary-700);
  }
  .calendar-area .badge-attended {
    color: var(--sl-color-success-700);
  }
  .calendar-area .badge-canceled {
    color: var(--sl-color-danger-700);
  }
  .calendar-area .badge-rescheduled,
  .calendar-area .badge-type {
    color: var(--sl-color-neutral-700);
  }
`
