import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { useRef } from 'react'
import { atom } from 'nanostores'
import { useStore } from '@nanostores/react'
import { flushSync } from 'react-dom'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
import { useFocusKept } from '../../src/components/common/useFocusKept'
import { renderArea, type RenderedArea } from '../support/render-area'
import { waitUntil } from '../support/waits'

/** A row: its name, and whether it is done (a done row has no button left). */
interface Row {
  id: string
  done?: boolean
}

/** The rows the list shows: the test changes them as a server reply would. */
const $rows = atom<Row[]>([])
const setRows = (rows: Row[]) => $rows.set(rows)

/** A list whose rows come and go, with a plain button or a Shoelace one per row, and an empty line. */
function List() {
  const rows = useStore($rows)
  const area = useRef<HTMLDivElement>(null)
  useFocusKept(area, 'li', rows.map((row) => `${row.id}:${row.done ?? false}`).join())
  return (
    <div ref={area}>
      {rows.length === 0 ? (
        <p className="empty" tabIndex={-1} data-focus-fallback>
          Nobody
        </p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.id} data-id={row.id}>
              {row.id}
              {!row.done &&
                (row.id.startsWith('sl-') ? (
                  <sl-icon-button name="x-lg" label={`Remove ${row.id}`}></sl-icon-button>
                ) : (
                  <button type="button">Remove {row.id}</button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

describe('useFocusKept: the keyboard focus stays in a list whose rows come and go', () => {
  let area: RenderedArea | null = null
  afterEach(() => {
    area?.unmount()
    area = null
    $rows.set([])
  })

  const show = (rows: Row[]) => {
    $rows.set(rows)
    return renderArea(<List />)
  }
  const focused = () => area!.shadow.activeElement
  const button = (id: string) => area!.shadow.querySelector<HTMLElement>(`li[data-id="${id}"] button`)

  it('moves the focus to the row now in its place, then past rows without a button, then to the empty line', async () => {
    area = await show([{ id: 'a' }, { id: 'b' }, { id: 'c' }])
    button('b')!.focus()
    flushSync(() => setRows([{ id: 'a' }, { id: 'c' }]))
    await waitUntil(() => focused() === button('c'), 'not on the row now in its place')
    // c is done: its row stays without a button, and the focus goes back to the nearest row with one.
    flushSync(() => setRows([{ id: 'a' }, { id: 'c', done: true }]))
    await waitUntil(() => focused() === button('a'), 'not on the nearest row with a button')
    flushSync(() => setRows([]))
    await waitUntil(() => focused()?.matches('.empty'), 'not on the empty line')
  })

  it('leaves the focus alone when the agent had moved it out of the list', async () => {
    area = await show([{ id: 'a' }, { id: 'b' }])
    const outside = area.shadow.appendChild(document.createElement('button'))
    button('a')!.focus()
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Tab' })
    expect(focused() === outside, 'the focus moved').to.equal(true)
    flushSync(() => setRows([{ id: 'b' }]))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(focused() === outside, 'the focus moved').to.equal(true)
    // The focus the agent took elsewhere is lost there: the list does not take it back on its next change.
    outside.remove()
    flushSync(() => setRows([{ id: 'c' }]))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(focused() === null, 'the list took a focus it had given up').to.equal(true)
  })

  it('focuses a Shoelace button that has not rendered yet once it has, without throwing', async () => {
    area = await show([{ id: 'a' }])
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => errors.push(event.error)
    window.addEventListener('error', onError)
    try {
      button('a')!.focus()
      // The new row's Shoelace button is connected in this very commit; its inner button comes later.
      flushSync(() => setRows([{ id: 'sl-b' }]))
      await waitUntil(
        () => focused()?.localName === 'sl-icon-button',
        'the Shoelace button never took the focus',
      )
      expect(errors).to.deep.equal([])
      expect(area.shadow.querySelector('li[data-id="sl-b"]')).to.not.equal(null)
    } finally {
      window.removeEventListener('error', onError)
    }
  })
})
