import { expect } from '@open-wc/testing'
import { sendSignal } from '../../src/stores/call/send-signal'
import { connectFakeSocket } from '../support/call-fixtures'

const OFFER = { type: 'offer', sdp: 'v=0', iceRestart: true }

describe('stores/call/send-signal', () => {
  it('sends a link’s signal while the socket is up, and drops it while down (the link is remade once back)', () => {
    const socket = connectFakeSocket()
    sendSignal('customer:1', 'media', OFFER)
    expect(socket.sent.filter((sent) => sent.event === 'signal')).to.deep.equal([
      { event: 'signal', payload: { to: 'customer:1', channel: 'media', data: OFFER } },
    ])

    // The agent's machine moved: the socket is down, and a restart offer of the old link comes.
    socket.disconnect()
    sendSignal('customer:1', 'media', OFFER)
    socket.connect()
    // Nothing was kept to go out with the new connection, ahead of the new link's offer.
    expect(socket.sent.filter((sent) => sent.event === 'signal')).to.have.length(1)
  })
})
