import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Background } from '../../server/background'
import { TestClock } from './support/test-clock'

describe('Background.repeat', () => {
  it('runs a task every interval, reports a failed turn and still runs the next, and stops when told', async () => {
    const clock = new TestClock()
    const failures: unknown[] = []
    const background = new Background(clock, (error) => failures.push(error))
    const turns: number[] = []
    const stop = background.repeat(1_000, async () => {
      turns.push(clock.now())
      if (turns.length === 1) throw new Error('first turn failed')
    })
    const start = clock.now()
    try {
      await clock.advance(999)
      await background.idle()
      assert.deepEqual(turns, [])
      await clock.advance(1)
      await background.idle()
      await clock.advance(1_000)
      await background.idle()
      assert.deepEqual(turns, [start + 1_000, start + 2_000])
      assert.deepEqual(
        failures.map((error) => (error as Error).message),
        ['first turn failed'],
      )
      stop()
      await clock.advance(5_000)
      await background.idle()
      assert.equal(turns.length, 2)
    } finally {
      stop()
      await background.close()
    }
  })

  it('arms the next turn only once the last one is over', async () => {
    const clock = new TestClock()
    const background = new Background(clock, (error) => assert.fail(String(error)))
    let running = 0
    let most = 0
    const waiting: (() => void)[] = []
    const release = () => waiting.shift()?.()
    const stop = background.repeat(100, async () => {
      running += 1
      most = Math.max(most, running)
      await new Promise<void>((resolve) => waiting.push(resolve))
      running -= 1
    })
    try {
      await clock.advance(100)
      // The first turn is still running: 500 ms more start no second one.
      await clock.advance(500)
      assert.equal(most, 1)
      release()
      await background.idle()
      await clock.advance(100)
      assert.equal(most, 1)
      assert.equal(running, 1)
      release()
    } finally {
      stop()
      for (const resolve of waiting.splice(0)) resolve()
      await background.close()
    }
  })
})
