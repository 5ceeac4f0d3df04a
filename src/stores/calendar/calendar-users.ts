import { atom, onMount } from 'nanostores'
import type { Agent } from '../../protocol'
import { HttpError } from '../../services/http'
import { fetchAgents } from '../directory/agents-directory'

/** The agents whose calendars the users selector offers. */
export interface CalendarAgents {
  status: 'loading' | 'ready' | 'failed'
  agents: Agent[]
  /** HTTP status of the failure. */
  error: number | null
}

/** One page is plenty for a selector; past it, the agent types a name in the transfer tables instead. */
const SELECTOR_LIMIT = 100

/** The agents of the account (level 5), loaded when the users selector shows. */
export const $calendarAgents = atom<CalendarAgents>({ status: 'loading', agents: [], error: null })

let lastAgents: Agent[] = []

/** Loads the agents again (a retry). */
export async function loadCalendarAgents(): Promise<void> {
  // Not `$calendarAgents.get()`: reading it while unmounted would mount it and load twice.
  $calendarAgents.set({ status: 'loading', agents: lastAgents, error: null })
  try {
    const page = await fetchAgents({ page: 1, limit: SELECTOR_LIMIT, exclude: null, name: '' })
    lastAgents = page.data
    $calendarAgents.set({ status: 'ready', agents: page.data, error: null })
  } catch (failure) {
    const error = failure instanceof HttpError ? failure.status : 500
    $calendarAgents.set({ status: 'failed', agents: [], error })
  }
}

onMount($calendarAgents, () => {
  void loadCalendarAgents()
})
