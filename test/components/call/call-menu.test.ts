import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { CALL_MENU, CALL_VIEW_ENTRIES } from '../../../src/components/call/call-menu'
import { CALL_VIEWS } from '../../../src/stores/call/call-views'
import { fromCall } from '../../../src/stores/call/call-state'
import type { CallMenuContext } from '../../../src/stores/call/call-menu'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { showCallView } from '../../../src/stores/call/call-views'
import { consoleSettings, joinedCall } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock } from '../../support/fake-clock'
import { VIEW_SWITCH_DELAY_MS } from '../../../src/constants'
import { $linkOnline } from '../../../src/stores/session/link-state'

const context = (overrides: Partial<CallMenuContext> = {}): CallMenuContext => ({
  call: fromCall(joinedCall(), false),
  meeting: false,
  owner: true,
  hasForm: false,
  features: {
    fileShare: false,
    capture: false,
    apps: false,
    recordings: false,
    calendar: false,
    virtualBackground: false,
  },
  chatUnread: 0,
  waiting: 0,
  recording: 'idle',
  ...overrides,
})

const visibleIds = (ctx: CallMenuContext) => CALL_MENU.filter((e) => e.visible(ctx)).map((e) => e.id)

describe('the call menu table', () => {
  it('has exactly one view entry for every view of the panel, and unique ids', () => {
    expect([...CALL_VIEW_ENTRIES.keys()].sort()).to.deep.equal([...CALL_VIEWS].sort())
    const ids = CALL_MENU.map((entry) => entry.id)
    expect(new Set(ids).size).to.equal(ids.length)
  })

  it('applies the visibility rules of SPEC §2 to a queued call, a guest and a meeting', () => {
    expect(visibleIds(context())).to.deep.equal([
      'info',
      'chat',
      'transfer',
      'invite',
      'kick',
      'authorizations',
    ])
    expect(visibleIds(context({ owner: false }))).to.deep.equal(['info', 'chat', 'authorizations'])
    expect(visibleIds(context({ meeting: true }))).to.not.include.members(['transfer', 'invite', 'kick'])
    const everything = context({
      hasForm: true,
      features: { ...context().features, fileShare: true, capture: true, apps: true },
      call: {
        ...context().call,
        recordingsSettings: { ...context().call.recordingsSettings, enabled: true, automaticRecord: false },
      },
    })
    expect(visibleIds(everything)).to.deep.equal(CALL_MENU.map((entry) => entry.id))
    const automatic = {
      ...everything,
      call: {
        ...everything.call,
        recordingsSettings: { ...everything.call.recordingsSettings, automaticRecord: true },
      },
    }
    expect(visibleIds(automatic)).to.not.include('recording')
  })

  it('counts unread chat lines and people waiting on their entries', () => {
    const ctx = context({ chatUnread: 3, waiting: 2 })
    const count = (id: string) => CALL_MENU.find((entry) => entry.id === id)?.count?.(ctx) ?? 0
    expect(count('chat')).to.equal(3)
    expect(count('authorizations')).to.equal(2)
    expect(count('info')).to.equal(0)
  })
})

describe('every view of the call menu in the panel', () => {
  let page: CallPage
  beforeEach(async () => {
    page = await openCallPage()
  })
  afterEach(() => {
    resetSettings()
    page.close()
  })

  it('loads and shows each view when its menu entry is chosen', async () => {
    // The panel connects the agent itself; the settings below must come after the server's.
    await waitUntil(() => $linkOnline.get(), 'the panel never connected', { timeout: 5_000 })
    const time = fakeClock()
    try {
      receiveConsoleSettings(
        consoleSettings({
          fileShare: { enabled: true },
          capture: { enabled: true },
          apps: [{ name: 'scan', label: 'Scan', devices: [] }],
        }),
      )
      page.socket.serverEmit(
        'join',
        joinedCall({ agentForm: [{ name: 'reason', label: 'Reason', type: 'text', required: false }] }),
      )
      await page.find('.side-menu')
      for (const id of CALL_VIEW_ENTRIES.keys()) {
        const entry = page.$<HTMLButtonElement>(`.menu-${id}`)
        expect(entry, `the ${id} entry`).to.exist
        entry!.click()
        await time.tick(VIEW_SWITCH_DELAY_MS)
        await waitUntil(
          () => {
            const view = page.$('.call-view')
            return (
              view?.dataset.view === id && view.childElementCount > 0 && !view.querySelector('.lazy-loading')
            )
          },
          `the ${id} view never showed`,
          { timeout: 5_000 },
        )
      }
      showCallView('info')
    } finally {
      time.restore()
    }
  })
})
