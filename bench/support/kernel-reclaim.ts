// Whether the machine's kernel runs proactive memory reclaim with DAMON (a kdamond whose scheme pages
// memory out), as some virtual machines are booted with. With it on for minutes, the routing bench's
// two p99s stopped agreeing (docs/operations.md), so a figure measured on such a machine says so.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'

const KDAMONDS = '/sys/kernel/mm/damon/admin/kdamonds'

/** One kdamond: whether it runs (`on`/`off`) and what its schemes do (`pageout`, `lru_deprio`, ...). */
export interface Kdamond {
  state: string
  actions: string[]
}

const read = (path: string) =>
  readFile(path, 'utf8').then(
    (text) => text.trim(),
    () => null,
  )
// sysfs lists a kdamond's contexts and schemes as directories 0, 1, ... beside a count file.
const numbered = async (path: string) =>
  (await readdir(path).catch(() => [] as string[])).filter((name) => /^\d+$/.test(name))

/**
 * The machine's kdamonds, as its sysfs shows them: an empty list where the kernel has no DAMON (or
 * the system is not Linux).
 *
 * @example
 * const reclaim = await kernelReclaim() // [{ state: 'on', actions: ['pageout'] }]
 */
export async function kernelReclaim(): Promise<Kdamond[]> {
  const kdamonds: Kdamond[] = []
  for (const kdamond of await numbered(KDAMONDS)) {
    const state = await read(join(KDAMONDS, kdamond, 'state'))
    if (state === null) continue
    const actions: string[] = []
    const contexts = join(KDAMONDS, kdamond, 'contexts')
    for (const context of await numbered(contexts)) {
      const schemes = join(contexts, context, 'schemes')
      for (const scheme of await numbered(schemes)) {
        const action = await read(join(schemes, scheme, 'action'))
        if (action !== null) actions.push(action)
      }
    }
    kdamonds.push({ state, actions })
  }
  return kdamonds
}
