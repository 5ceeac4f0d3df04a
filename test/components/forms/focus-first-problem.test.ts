import { expect, fixture, html } from '@open-wc/testing'
import { focusFirstProblem } from '../../../src/components/forms/focus-first-problem'

describe('focusFirstProblem: a refused form takes the user to its first problem', () => {
  it('focuses the first control marked invalid, in document order', async () => {
    const form = await fixture<HTMLFormElement>(html`
      <form>
        <input id="fine" />
        <input id="first" aria-invalid="true" />
        <input id="second" aria-invalid="true" />
      </form>
    `)
    expect(focusFirstProblem(form)).to.equal(true)
    expect(document.activeElement?.id).to.equal('first')
  })

  it("focuses a radio group's one tab stop", async () => {
    const form = await fixture<HTMLFormElement>(html`
      <form>
        <div role="radiogroup" aria-invalid="true">
          <button type="button" tabindex="-1">9</button>
          <button type="button" tabindex="0" id="stop">10</button>
        </div>
      </form>
    `)
    expect(focusFirstProblem(form)).to.equal(true)
    expect(document.activeElement?.id).to.equal('stop')
  })

  it('brings a problem with no control of its own into view, and leaves focus where it was', async () => {
    const form = await fixture<HTMLFormElement>(html`
      <form style="height: 100px; overflow: auto">
        <button type="button" id="here">here</button>
        <div style="height: 2000px"></div>
        <p class="field-problem" role="alert">Choose a day and a time.</p>
        <input aria-invalid="true" />
      </form>
    `)
    ;(form.querySelector('#here') as HTMLElement).focus()
    expect(focusFirstProblem(form)).to.equal(true)
    expect(document.activeElement?.id).to.equal('here')
    expect(form.scrollTop).to.be.greaterThan(1000)
  })

  it('does nothing on a form without problems', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><input id="only" /></form>`)
    expect(focusFirstProblem(form)).to.equal(false)
    expect(focusFirstProblem(null)).to.equal(false)
    expect(document.activeElement?.id).to.not.equal('only')
  })
})
