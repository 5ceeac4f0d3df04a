import { expect } from '@open-wc/testing'
import { candidatesOf, candidateTypeOf } from '../../server/customer-page/signal-candidates'

const HOST = 'candidate:1 1 udp 2122260223 10.200.1.2 54400 typ host generation 0'
const RELAY = 'candidate:9 1 udp 41885439 198.51.100.7 51000 typ relay raddr 10.200.1.2 rport 54400'

describe('customer page: candidates in signals', () => {
  it('reads a trickled candidate, and no end-of-candidates marker', () => {
    expect(candidatesOf({ type: 'candidate', candidate: { candidate: HOST, sdpMid: '0' } })).to.deep.equal([
      HOST,
    ])
    expect(candidatesOf({ type: 'candidate', candidate: { candidate: '', sdpMid: '0' } })).to.deep.equal([])
  })

  it('reads the candidates an offer or an answer carries in its SDP', () => {
    const sdp = ['v=0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', `a=${HOST}`, 'a=mid:0', `a=${RELAY}`, ''].join(
      '\r\n',
    )
    expect(candidatesOf({ type: 'offer', sdp })).to.deep.equal([HOST, RELAY])
    expect(candidatesOf({ type: 'answer', sdp: 'v=0\r\n' })).to.deep.equal([])
  })

  it('finds nothing in other signals, whatever they hold', () => {
    expect(candidatesOf({ type: 'renegotiate', renegotiate: true })).to.deep.equal([])
    expect(candidatesOf({ candidate: 42, sdp: { not: 'text' } })).to.deep.equal([])
  })

  it('names a candidate’s type', () => {
    expect(candidateTypeOf(HOST)).to.equal('host')
    expect(candidateTypeOf(RELAY)).to.equal('relay')
    expect(candidateTypeOf('candidate:2 1 udp 1 203.0.113.4 4000 typ srflx raddr 0.0.0.0 rport 0')).to.equal(
      'srflx',
    )
    expect(candidateTypeOf('candidate:3 1 udp 1 203.0.113.4 4000 typ bogus')).to.equal(null)
  })
})
