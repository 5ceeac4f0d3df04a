import { useEffect, type RefObject } from 'react'
import { useStore } from '@nanostores/react'
import { $appointmentReveal, forgetAppointmentReveal } from '../../stores/calendar/appointment-reveal'

/** Nothing holds the focus: the control that had it (the drawer's Schedule button) went away. */
function focusLost(): boolean {
  const active = document.activeElement
  return !active || active === document.body || active === document.documentElement
}

/**
 * Takes the keyboard focus to the appointment the agent just booked once the grid shows it and the
 * drawer has let the focus go: its day may still be loading, and a closing drawer blurs its button
 * only when its hide starts (it keeps the focus trapped inside until then). Focus the agent has put
 * somewhere else meanwhile stays there.
 *
 * @param grid - the element around FullCalendar
 * @param date - the day the grid shows
 *
 * @example
 * useAppointmentReveal(gridElement, date)
 */
export function useAppointmentReveal(grid: RefObject<HTMLElement | null>, date: string): void {
  const reveal = useStore($appointmentReveal)
  useEffect(() => {
    const element = grid.current
    if (!reveal || reveal.date !== date || !element) return
    const attempt = () => {
      const event = element
        .querySelector(`[data-appointment="${CSS.escape(reveal.id)}"]`)
        ?.closest<HTMLElement>('.fc-event')
      if (!event || !focusLost()) return
      forgetAppointmentReveal()
      event.focus()
    }
    // Tried when the events are drawn, and when the focus leaves the drawer (after its blur is done).
    const later = () => queueMicrotask(attempt)
    const observer = new MutationObserver(attempt)
    observer.observe(element, { childList: true, subtree: true })
    document.addEventListener('focusout', later)
    document.addEventListener('sl-after-hide', later)
    attempt()
    return () => {
      observer.disconnect()
      document.removeEventListener('focusout', later)
      document.removeEventListener('sl-after-hide', later)
    }
  }, [grid, reveal, date])
}
