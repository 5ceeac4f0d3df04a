import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BackgroundImage, BackgroundImagesResponse, ErrorReply, UserSettings } from '../../src/protocol'
import { TestServer } from './support/test-server'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])

async function agentToken(): Promise<string> {
  return (await server.login(await server.createAgent([]))).accessToken
}

/** Uploads bytes with a content type; status and JSON body. */
async function upload(token: string, bytes: Uint8Array, type: string) {
  const response = await fetch(`${server.url}/api/user/backgrounds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: new Blob([new Uint8Array(bytes)]),
  })
  return { status: response.status, body: (await response.json()) as BackgroundImage & ErrorReply }
}

describe('virtual background images', () => {
  it('uploads an image under the agent, lists it and serves its bytes back to its owner only', async () => {
    const token = await agentToken()
    const saved = await upload(token, PNG, 'image/png')
    assert.equal(saved.status, 200)
    assert.match(saved.body._id, /^[0-9a-f]{24}$/)
    const list = await server.http<BackgroundImagesResponse>('GET', '/user/backgrounds', { token })
    assert.deepEqual(list.body.data, [
      { _id: saved.body._id, url: `/api/user/backgrounds/${saved.body._id}` },
    ])

    const bytes = await fetch(`${server.url}${saved.body.url}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    assert.equal(bytes.headers.get('content-type'), 'image/png')
    assert.equal(bytes.headers.get('x-content-type-options'), 'nosniff')
    assert.deepEqual(Buffer.from(await bytes.arrayBuffer()), PNG)

    const other = await agentToken()
    const stranger = await fetch(`${server.url}${saved.body.url}`, {
      headers: { authorization: `Bearer ${other}` },
    })
    assert.equal(stranger.status, 404)
    assert.deepEqual(
      (await server.http<BackgroundImagesResponse>('GET', '/user/backgrounds', { token: other })).body,
      {
        data: [],
      },
    )
    assert.equal((await fetch(`${server.url}${saved.body.url}`)).status, 401)
  })

  it('refuses a file that is not the image its type says, a type not allowed, and an image over 2 MB', async () => {
    const token = await agentToken()
    const html = await upload(token, Buffer.from('<script>alert(1)</script>'), 'image/png')
    assert.equal(html.status, 415)
    assert.equal(html.body.reason, 'type')
    const mismatch = await upload(token, JPEG, 'image/png')
    assert.equal(mismatch.body.reason, 'type')
    const svg = await upload(token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')
    assert.equal(svg.status, 415)
    const big = Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024)])
    const tooBig = await upload(token, big, 'image/jpeg')
    assert.equal(tooBig.status, 413)
    assert.equal(tooBig.body.reason, 'size')
    assert.deepEqual(
      (await server.http<BackgroundImagesResponse>('GET', '/user/backgrounds', { token })).body,
      {
        data: [],
      },
    )
    assert.equal((await upload(token, JPEG, 'image/jpeg')).status, 200)
  })

  it("answers 403 'You do not have access to upload images' to an agent without the right, and stores nothing", async () => {
    const email = await server.createAgent([])
    await server.db.query('UPDATE users SET images_access = false WHERE email = $1', [email])
    const { accessToken: token } = await server.login(email)
    const denied = await upload(token, PNG, 'image/png')
    assert.equal(denied.status, 403)
    assert.equal(denied.body.reason, 'no-access')
    assert.equal(denied.body.message, 'You do not have access to upload images')
    const rows = await server.db.query(
      'SELECT id FROM background_images WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [email],
    )
    assert.equal(rows.length, 0)
  })

  it('seeds a demo agent without the right (diego@demo.test, docs/demo.md), refused as such; ana may upload', async () => {
    const { accessToken: diego } = await server.login('diego@demo.test')
    const denied = await upload(diego, PNG, 'image/png')
    assert.equal(denied.status, 403)
    assert.equal(denied.body.reason, 'no-access')
    const { accessToken: ana } = await server.login('ana@demo.test')
    assert.equal((await upload(ana, PNG, 'image/png')).status, 200)
  })

  it('deletes an image of its own; another agent cannot', async () => {
    const token = await agentToken()
    const saved = await upload(token, PNG, 'image/png')
    const other = await agentToken()
    assert.equal(
      (await server.http('DELETE', `/user/backgrounds/${saved.body._id}`, { token: other })).status,
      404,
    )
    assert.equal((await server.http('DELETE', `/user/backgrounds/${saved.body._id}`, { token })).status, 200)
    assert.deepEqual(
      (await server.http<BackgroundImagesResponse>('GET', '/user/backgrounds', { token })).body,
      {
        data: [],
      },
    )
  })

  it('saves the choice to the user settings: blur, an image id, none; anything else is refused', async () => {
    const token = await agentToken()
    const patch = (virtualBackground: unknown) =>
      server.http<UserSettings>('PATCH', '/user/settings', { token, body: { virtualBackground } })
    assert.deepEqual((await patch({ enabled: true, background: 'blur' })).body.virtualBackground, {
      enabled: true,
      background: 'blur',
    })
    const saved = await upload(token, PNG, 'image/png')
    assert.equal(
      (await patch({ background: saved.body._id })).body.virtualBackground.background,
      saved.body._id,
    )
    assert.equal((await patch({ background: '<img onerror=x>' })).status, 400)
    assert.equal((await patch({ background: 'a'.repeat(25) })).status, 400)
    const settings = await server.http<UserSettings>('GET', '/user/settings', { token })
    assert.deepEqual(settings.body.virtualBackground, { enabled: true, background: saved.body._id })
    assert.deepEqual((await patch({ enabled: false, background: '' })).body.virtualBackground, {
      enabled: false,
      background: '',
    })
  })
})
