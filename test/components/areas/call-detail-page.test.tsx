import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import CallDetailPage from '../../../src/components/history/CallDetailPage'
import { $path, navigate } from '../../../src/stores/shell/router'
import { fakeApi, type FakeRequest, type FakeResponse } from '../../support/calendar-fixtures'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { historyDetail } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

describe('Call detail page', () => {
  let time: FakeClock
  let area: RenderedArea
  let answer: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>
  let requests: FakeRequest[]
  const detail = historyDetail()

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    signIn(time.now())
    navigate(`/history/${detail.id}`)
    answer = () => ({ body: detail })
    requests = fakeApi((request) => answer(request)).requests
  })
  afterEach(() => {
    area?.unmount()
    resetSession()
    time.restore()
  })

  const section = (name: string) => area.shadow.querySelector(`[data-section="${name}"]`)
  const text = (name: string) => (section(name)?.textContent ?? '').replace(/\s+/g, ' ').trim()

  it('shows the call: customer details, forms, tags, comment, chat, files, recordings and the steps', async () => {
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => section('chat'), 'no detail')
    expect(requests[0]?.path).to.equal(`/calls/${detail.id}`)
    expect(area.shadow.querySelector('h2')?.textContent).to.equal('Paula Pérez')
    expect(text('notes')).to.contain('Sale').and.contain('Parcel found <b>today</b>')
    expect(area.shadow.querySelector('[data-section="notes"] b')).to.equal(null)
    expect(text('chat')).to.contain('Where is my parcel?').and.contain('On its way')
    expect(text('customer')).to.contain('203.0.113.9').and.contain('T-42').and.contain('Firefox 128')
    expect(text('forms')).to.contain('Order number').and.contain('A-1001').and.contain('Solved')
    expect(text('files')).to.contain('invoice.pdf').and.contain('Call recording').and.contain('Approved')
    expect(text('steps')).to.contain('Rang Ana Alvarez — transferred').and.contain('to Bruno Bravo')
    expect(text('steps')).to.contain('Transferred by Ana Alvarez to Bruno Bravo — answered')
    const play = section('files')!.querySelector<HTMLAnchorElement>('a')!
    play.click()
    expect($path.get()).to.equal(`/recordings?recording=${'e'.repeat(24)}`)
  })

  it("isolates the customer's name and chat, and breaks one long word of them within the page", async () => {
    const name = `\u202Egnp.exe${'W'.repeat(92)}`
    const said = `\u202E${'Z'.repeat(400)}`
    const [line] = detail.messages
    answer = () => ({
      body: { ...detail, customerName: name, messages: [{ ...line!, name, text: said }] },
    })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => section('chat'), 'no detail')
    const isolated = (within: Element) => [...within.querySelectorAll('bdi')].map((bdi) => bdi.textContent)
    expect(isolated(area.shadow.querySelector('h2')!)).to.deep.equal([name])
    // Name and text each isolated: an override in the name cannot turn the time beside it around.
    expect(isolated(section('chat')!)).to.deep.equal([name, said])
    for (const element of [area.shadow.querySelector('h2')!, section('chat')!])
      expect(element.scrollWidth).to.be.at.most(element.clientWidth)
  })

  it('downloads a saved file with the agent’s token', async () => {
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => section('files'), 'no files')
    answer = () => ({ body: 'PDF-BYTES' })
    const saved = new Promise<{ name: string; content: string }>((resolve) => {
      const catchDownload = (event: Event) => {
        const link = event.target as HTMLAnchorElement
        if (!link.download) return
        event.preventDefault()
        document.removeEventListener('click', catchDownload, true)
        void fetch(link.href)
          .then((response) => response.text())
          .then((content) => resolve({ name: link.download, content }))
      }
      document.addEventListener('click', catchDownload, true)
    })
    section('files')!.querySelector<HTMLButtonElement>('button')!.click()
    const file = await saved
    expect(file).to.deep.equal({ name: 'invoice.pdf', content: '"PDF-BYTES"' })
    expect(requests.at(-1)?.path).to.equal(`/files/${'f'.repeat(24)}`)
  })

  it('keeps what the agent did not take part in to itself', async () => {
    answer = () => ({
      body: historyDetail({
        participated: false,
        outcome: 'missed',
        messages: [],
        extraData: null,
        files: [],
      }),
    })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => area.text().includes('You did not take this call'), 'no notice')
    expect(section('chat')).to.equal(null)
    expect(section('files')).to.equal(null)
    expect(section('customer')).to.equal(null)
  })

  it('shows how the media went when the server kept the summary, and nothing of it when it did not', async () => {
    const quality = {
      setupMs: 1_300,
      rttMs: 100,
      jitterMs: 4.5,
      loss: 0.0196,
      inKbps: 850,
      outKbps: 910,
      candidateType: 'relay' as const,
      relayProtocol: 'tcp' as const,
      relayShare: 1,
      restarts: 2,
      samples: 185,
    }
    answer = () => ({ body: historyDetail({ quality }) })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => section('quality'), 'no quality card')
    const measure = (name: string) =>
      (section('quality')!.querySelector(`[data-measure="${name}"] dd`)?.textContent ?? '').replace(
        /\s+/g,
        ' ',
      )
    expect(section('quality')!.querySelector('h3')?.textContent).to.equal('Call quality')
    expect(measure('setup')).to.equal('1,300 ms')
    expect(measure('path')).to.equal('Through a relay server, over TCP')
    expect(measure('relayShare')).to.equal('100%')
    expect(measure('rtt')).to.equal('100 ms')
    expect(measure('jitter')).to.equal('4.5 ms')
    expect(measure('loss')).to.equal('2%')
    expect(measure('received')).to.equal('850 kb/s')
    expect(measure('restarts')).to.equal('2')
    expect(measure('measured')).to.equal('185 sec')
    await expect(section('quality')).to.be.accessible()
    area.unmount()

    answer = () => ({
      body: historyDetail({
        quality: {
          ...quality,
          setupMs: null,
          rttMs: null,
          candidateType: null,
          relayProtocol: null,
          relayShare: null,
        },
      }),
    })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => section('quality'), 'no quality card')
    expect(text('quality')).to.contain('The audio and video never connected in this call.')
    expect(section('quality')!.querySelector('[data-measure="setup"] dd')?.textContent).to.equal('—')
    area.unmount()

    answer = () => ({ body: historyDetail({ quality: null }) })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => section('chat'), 'no detail')
    expect(section('quality')).to.equal(null)
  })

  it('says when the call is not the agent’s, and offers a retry when it failed', async () => {
    answer = () => ({ status: 404, body: { code: 404, message: 'Call not found' } })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => area.text().includes('This call is not in your history.'), 'no missing state')
    area.unmount()
    answer = () => ({ status: 500, body: { code: 500, message: 'down' } })
    area = await renderArea(<CallDetailPage />)
    await waitUntil(() => area.text().includes('This call could not be loaded.'), 'no failure')
    answer = () => ({ body: detail })
    ;[...area.shadow.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'))!.click()
    await waitUntil(() => section('chat'), 'the retry did not load')
    area.shadow.querySelector<HTMLAnchorElement>('.back-link')!.click()
    expect($path.get()).to.equal('/history')
  })
})
