import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { sendKeys } from '@web/test-runner-commands'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { consoleSettings, joinedCall, newId, ok, refused } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { NO_REPLY } from '../../support/fake-socket'

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

type Field = HTMLElement & { value: string; updateComplete: Promise<unknown> }

describe('<agent-call-panel> chat from the keyboard', () => {
  let page: CallPage
  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(consoleSettings())
  })
  afterEach(() => {
    resetSettings()
    page.close()
  })

  /** The element that holds the focus inside the panel's shadow root. */
  const focused = () => page.panel.shadowRoot?.activeElement ?? null
  const field = () => page.$<Field>('.chat-input')!
  // A boolean, not the element: a failed comparison of DOM elements makes chai walk the whole tree.
  const fieldHasFocus = () => focused() === field()
  const sentLines = () =>
    page.socket.sent
      .filter((s) => s.event === 'chat:message')
      .map((s) => (s.payload as { text: string }).text)
  const sentKeys = () =>
    page.socket.sent.filter((s) => s.event === 'chat:message').map((s) => (s.payload as { key?: string }).key)

  /** Lines the fake server holds back until the test releases them (a server that answers later). */
  let held: (() => void)[] = []
  let holding = false
  /** The server's answers are lost on the way (a stalled link): each line sent times out. */
  let silent = false

  /** Joins `call`, whose server answers chat lines with `answer`, and opens the chat from the keyboard. */
  async function openChatAnswering(
    answer: (payload: unknown) => unknown,
    call = joinedCall(),
  ): Promise<void> {
    page.socket.answer('chat:message', answer)
    page.socket.serverEmit('join', call)
    ;(await page.find<HTMLButtonElement>('.menu-chat')).focus()
    await sendKeys({ press: 'Enter' })
    await page.find('.chat-input')
    await waitUntil(fieldHasFocus, 'the message field never took the focus', { timeout: 5_000 })
  }

  /** Joins a call whose server echoes every chat line back, and opens the chat from the keyboard. */
  async function openChat(): Promise<void> {
    held = []
    holding = false
    silent = false
    const call = joinedCall()
    await openChatAnswering((payload) => {
      if (silent) return NO_REPLY
      const echo = ok({
        id: newId(),
        from: 'agent',
        peerId: call.peerId,
        name: 'Me',
        text: (payload as { text: string }).text,
        at: new Date().toISOString(),
      })
      return holding ? new Promise((resolve) => held.push(() => resolve(echo))) : echo
    }, call)
  }

  it('sends a line on Enter and empties the field at once: what is typed while it travels is kept and sent next', async () => {
    await openChat()
    holding = true
    await sendKeys({ type: 'On my way' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => held.length === 1, 'the line was never sent', { timeout: 5_000 })
    // The server has not answered: the field is already empty, editable, and keeps the focus.
    expect(field().value).to.equal('')
    expect(field().hasAttribute('readonly'), 'the field is read-only while sending').to.equal(false)
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
    // Typed straight away, with no click or Tab in between, and not lost.
    await sendKeys({ type: 'Second line' })
    expect(field().value).to.equal('Second line')
    // One line at a time: Enter sends nothing before the first is answered, and the line stays.
    await sendKeys({ press: 'Enter' })
    expect(held.length).to.equal(1)
    expect(field().value).to.equal('Second line')
    holding = false
    held[0]!()
    await waitUntil(() => text(page.$('.chat-log')).includes('On my way'), 'the line never showed', {
      timeout: 5_000,
    })
    expect(field().value).to.equal('Second line')
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.chat-log')).includes('Second line'), 'the second line never showed', {
      timeout: 5_000,
    })
    expect(sentLines()).to.deep.equal(['On my way', 'Second line'])
    expect(field().value).to.equal('')
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
  })

  it('sends what the field holds when Enter comes before React has rendered the keys', async () => {
    await openChat()
    // Keys and Enter in one task, as on a busy machine: no render runs between them.
    const element = field()
    const inner = element.shadowRoot!.querySelector('input')!
    for (const typed of ['F', 'Fa', 'Fast']) {
      element.value = typed
      element.dispatchEvent(new CustomEvent('sl-input', { bubbles: true, composed: true }))
    }
    inner.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }))
    await waitUntil(() => text(page.$('.chat-log')).includes('Fast'), 'the line never showed', {
      timeout: 5_000,
    })
    expect(sentLines()).to.deep.equal(['Fast'])
  })

  it('sends with the Send button from the keyboard (Enter and Space) and gives the focus back to the field', async () => {
    await openChat()
    await sendKeys({ type: 'By Enter on Send' })
    await sendKeys({ press: 'Tab' })
    expect(focused()?.className, 'the focus is not on Send').to.equal('chat-send')
    await sendKeys({ press: 'Enter' })
    await waitUntil(
      () => text(page.$('.chat-log')).includes('By Enter on Send'),
      'Enter on Send sent nothing',
      {
        timeout: 5_000,
      },
    )
    await waitUntil(fieldHasFocus, 'the focus did not come back to the field', { timeout: 5_000 })
    await sendKeys({ type: 'By Space on Send' })
    await sendKeys({ press: 'Tab' })
    expect(focused()?.className, 'the focus is not on Send').to.equal('chat-send')
    await sendKeys({ press: 'Space' })
    await waitUntil(
      () => text(page.$('.chat-log')).includes('By Space on Send'),
      'Space on Send sent nothing',
      {
        timeout: 5_000,
      },
    )
    await waitUntil(fieldHasFocus, 'the focus did not come back to the field', { timeout: 5_000 })
    expect(sentLines()).to.deep.equal(['By Enter on Send', 'By Space on Send'])
  })

  it('sends with a click on Send, and never sends an empty line', async () => {
    await openChat()
    page.$<HTMLElement>('.chat-send')!.click()
    await sendKeys({ press: 'Enter' })
    await sendKeys({ type: 'Clicked' })
    page.$<HTMLElement>('.chat-send')!.click()
    await waitUntil(() => text(page.$('.chat-log')).includes('Clicked'), 'the click sent nothing', {
      timeout: 5_000,
    })
    expect(sentLines()).to.deep.equal(['Clicked'])
    expect(field().value).to.equal('')
  })

  it('keeps the line in the field and the focus on it when the server refuses it', async () => {
    await openChatAnswering(() => refused(500))
    await sendKeys({ type: 'Lost?' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(
      () => text(page.$('.toast-stack')).includes('The message could not be sent.'),
      'no toast',
      {
        timeout: 5_000,
      },
    )
    expect(field().value).to.equal('Lost?')
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
    expect(sentLines()).to.deep.equal(['Lost?'])
  })

  it('puts a refused line back in the field, ahead of what was typed while it travelled', async () => {
    let refuse: () => void = () => undefined
    await openChatAnswering(() => new Promise((resolve) => (refuse = () => resolve(refused(500)))))
    await sendKeys({ type: 'First' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => sentLines().length === 1, 'the line was never sent', { timeout: 5_000 })
    await sendKeys({ type: 'then more' })
    refuse()
    await waitUntil(() => field().value === 'First then more', 'the refused line never came back', {
      timeout: 5_000,
    })
    expect(text(page.$('.toast-stack'))).to.include('The message could not be sent.')
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
    expect(sentLines()).to.deep.equal(['First'])
  })

  it('sends a line again under the same key after no answer, so that it shows once, and says it may have gone', async () => {
    await openChat()
    silent = true
    await sendKeys({ type: 'Are you there?' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.toast-stack')).includes('may have been sent'), 'no toast', {
      timeout: 5_000,
    })
    expect(text(page.$('.toast-stack'))).not.to.include('could not be sent')
    expect(field().value).to.equal('Are you there?')
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
    silent = false
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.chat-log')).includes('Are you there?'), 'the line never showed', {
      timeout: 5_000,
    })
    // Other words are another line, under a key of their own; so are the same words once answered.
    await sendKeys({ type: 'Hello' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => sentLines().length === 3, 'the next line was never sent', { timeout: 5_000 })
    await sendKeys({ type: 'Hello' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => sentLines().length === 4, 'the same words were never sent again', {
      timeout: 5_000,
    })
    const keys = sentKeys()
    expect(
      keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? '')),
      keys.join(),
    ).to.equal(true)
    expect(keys[1]).to.equal(keys[0])
    expect(new Set(keys).size).to.equal(3)
  })

  it('keeps a line not sent (link down) in the field and says to send it once the connection is back', async () => {
    await openChat()
    page.socket.connected = false
    await sendKeys({ type: 'Still there?' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.toast-stack')).includes('not connected'), 'no toast', {
      timeout: 5_000,
    })
    expect(text(page.$('.toast-stack'))).not.to.include('Try again.')
    expect(sentLines()).to.deep.equal([])
    expect(field().value).to.equal('Still there?')
    expect(fieldHasFocus(), 'the field lost the focus').to.equal(true)
    page.socket.connected = true
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.chat-log')).includes('Still there?'), 'the line never showed', {
      timeout: 5_000,
    })
    expect(sentLines()).to.deep.equal(['Still there?'])
    expect(field().value).to.equal('')
  })

  it('keeps what the agent typed, a line with no answer included, while another view is open', async () => {
    await openChat()
    silent = true
    await sendKeys({ type: 'Your refund is on its way' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.toast-stack')).includes('may have been sent'), 'no toast', {
      timeout: 5_000,
    })
    await sendKeys({ type: ', Paula' })
    // The agent checks the customer's details, then comes back to the chat.
    page.$<HTMLButtonElement>('.menu-info')!.click()
    await waitUntil(() => page.$('.info-view'), 'the info view never opened', { timeout: 5_000 })
    page.$<HTMLButtonElement>('.menu-chat')!.click()
    await page.find('.chat-input')
    await waitUntil(() => field().value === 'Your refund is on its way, Paula', 'what was typed is gone', {
      timeout: 5_000,
    })
    silent = false
    page.$<HTMLElement>('.chat-send')!.click()
    await waitUntil(() => sentLines().length === 2, 'the line was never sent again', { timeout: 5_000 })
    expect(sentLines()[1]).to.equal('Your refund is on its way, Paula')
    expect(field().value).to.equal('')
  })
})
