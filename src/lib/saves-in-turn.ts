/** How the last save of a turn went. */
export type SaveOutcome<T> = { value: T; saved: true } | { value: T; saved: false; error: unknown }

/**
 * Saves choices one at a time, in the order made, skipping those a newer choice replaced while
 * they waited: an agent going through radio buttons with the arrow keys makes one choice per
 * key, and only the one they stop on needs saving, after the one already on its way (so the
 * server keeps the last, whatever order the answers come back in).
 *
 * The function it returns resolves, for every caller of the same turn, with the outcome of the
 * last choice saved.
 *
 * @example
 * const saveTone = savesInTurn((tone: Ringtone) => saveUserSettings({ ringtone: tone }))
 * const { saved, value } = await saveTone('marimba')
 */
export function savesInTurn<T>(save: (value: T) => Promise<void>): (value: T) => Promise<SaveOutcome<T>> {
  let waiting: { value: T } | null = null
  let turn: Promise<SaveOutcome<T>> | null = null
  const run = async (): Promise<SaveOutcome<T>> => {
    let outcome: SaveOutcome<T> | null = null
    try {
      while (waiting) {
        const { value } = waiting
        waiting = null
        try {
          await save(value)
          outcome = { value, saved: true }
        } catch (error) {
          outcome = { value, saved: false, error }
        }
      }
    } finally {
      turn = null
    }
    return outcome as SaveOutcome<T>
  }
  return (value) => {
    waiting = { value }
    turn ??= run()
    return turn
  }
}
