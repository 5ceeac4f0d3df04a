import { expect } from '@open-wc/testing'
import { DISCONNECTION_LOG_MAX } from '../../src/constants'
import {
  $agentStatus,
  $disconnectionLog,
  markDisconnected,
  receiveAgentStatus,
  statusMessageId,
} from '../../src/stores/status/agent'
import { setInMeeting } from '../../src/stores/status/activity'
import { resetSession, signIn } from '../support/session'

describe('agent status store', () => {
  beforeEach(() => signIn(Date.now()))
  afterEach(() => resetSession())

  it('keeps at most 3600 disconnections, dropping the oldest', () => {
    for (let index = 0; index < DISCONNECTION_LOG_MAX + 5; index += 1) markDisconnected(`drop ${index}`)
    const log = $disconnectionLog.get()
    expect(log).to.have.length(DISCONNECTION_LOG_MAX)
    expect(log[0]!.reason).to.equal('drop 5')
    expect(log.at(-1)!.reason).to.equal(`drop ${DISCONNECTION_LOG_MAX + 4}`)
  })

  it('marks the agent disconnected and unavailable on a drop, but not during a meeting', () => {
    receiveAgentStatus({ online: true, available: true, inCall: false, status: 'available' })
    setInMeeting(true)
    markDisconnected('transport close')
    expect($agentStatus.get().available).to.equal(true)
    setInMeeting(false)
    markDisconnected('transport close')
    expect($agentStatus.get()).to.deep.equal({
      online: false,
      available: false,
      inCall: false,
      status: 'disconnected',
    })
  })

  it('translates the statuses of SPEC §3 and leaves an account’s own to its label', () => {
    expect(statusMessageId('bath')).to.equal('status.names.bath')
    expect(statusMessageId('lunch-and-learn')).to.equal(null)
  })

  it('forgets the log on logout', () => {
    markDisconnected('x')
    resetSession()
    expect($disconnectionLog.get()).to.deep.equal([])
  })
})
