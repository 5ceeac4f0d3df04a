import { expect } from '@open-wc/testing'
import { savesInTurn } from '../../src/lib/saves-in-turn'

/** A save the test answers by hand, in any order it likes. */
function heldSaves() {
  const started: string[] = []
  const pending: { value: string; settle: (error?: Error) => void }[] = []
  const save = (value: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(value)
      pending.push({ value, settle: (error) => (error ? reject(error) : resolve()) })
    })
  const answer = async (error?: Error) => {
    pending.shift()!.settle(error)
    // Lets the turn go on to its next save: it does so in a few microtasks, with no timer.
    for (let tick = 0; tick < 5; tick++) await Promise.resolve()
  }
  return { started, save, answer }
}

describe('savesInTurn: one save at a time, the last choice saved last', () => {
  it('saves the first choice, then only the newest of those made meanwhile; every caller hears the end', async () => {
    const held = heldSaves()
    const choose = savesInTurn(held.save)
    const outcomes = [choose('a'), choose('b'), choose('c')]
    expect(held.started).to.deep.equal(['a'])
    await held.answer()
    expect(held.started).to.deep.equal(['a', 'c'])
    await held.answer()
    for (const outcome of await Promise.all(outcomes))
      expect(outcome).to.deep.equal({ value: 'c', saved: true })
  })

  it('goes on to a newer choice after a failed save, and reports the last one', async () => {
    const held = heldSaves()
    const choose = savesInTurn(held.save)
    const first = choose('a')
    const second = choose('b')
    await held.answer(new Error('down'))
    await held.answer()
    expect(await first).to.deep.equal({ value: 'b', saved: true })
    expect(await second).to.deep.equal({ value: 'b', saved: true })
    const failing = choose('c')
    await held.answer(new Error('down'))
    const outcome = await failing
    expect(outcome.saved).to.equal(false)
    expect(outcome.value).to.equal('c')
    expect(held.started).to.deep.equal(['a', 'b', 'c'])
  })
})
