import { expect } from '@open-wc/testing'
import { workerScript } from '../../src/services/virtual-background/worker-url'

describe('workerScript (where the background worker starts from)', () => {
  it('starts a same-origin script as it is', () => {
    const script = workerScript('/virtual-background/worker.js')
    expect(script.url).to.equal(`${location.origin}/virtual-background/worker.js`)
    script.release()
  })

  it('wraps a script of another origin in a same-origin blob: that imports it', async () => {
    const remote = 'https://console.example:8443/dist/cdn/virtual-background/worker.js?v="1"'
    const script = workerScript(remote)
    expect(new URL(script.url).protocol).to.equal('blob:')
    const loader = await (await fetch(script.url)).text()
    expect(loader.trim()).to.equal(`importScripts(${JSON.stringify(new URL(remote).href)})`)
    script.release()
    let revoked = false
    await fetch(script.url).catch(() => (revoked = true))
    expect(revoked, 'the blob: URL is released').to.equal(true)
  })

  it('a worker started from the blob: runs the imported script', async () => {
    // A same-origin script reached through the wrapper, as a cross-origin one would be.
    const body = URL.createObjectURL(new Blob(['postMessage("loaded")'], { type: 'text/javascript' }))
    const script = workerScript(body, 'https://another.example')
    expect(script.url).to.not.equal(body)
    const worker = new Worker(script.url)
    const answer = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the worker did not answer in 5 s')), 5000)
      worker.onmessage = (event: MessageEvent<string>) => (clearTimeout(timer), resolve(event.data))
      worker.onerror = (event) => (clearTimeout(timer), reject(new Error(event.message)))
    })
    worker.terminate()
    script.release()
    URL.revokeObjectURL(body)
    expect(answer).to.equal('loaded')
  })
})
