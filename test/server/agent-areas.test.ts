import { afterEach, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type {
  Announcement,
  AnnouncementNew,
  AnnouncementPage,
  ExternalAppSsoResponse,
  InboundCall,
  Notification,
  NotificationsUpdate,
  Paged,
  PersonalLinkResponse,
  PublicPersonalLink,
} from '../../src/protocol'
import { TestServer } from './support/test-server'

// A server of its own for each test: nothing one test does (a link, an announcement) reaches another.
let server: TestServer
beforeEach(async () => {
  server = await TestServer.start()
})
afterEach(() => server.close())

const codeOf = (url: string) => new URL(url).searchParams.get('link') as string

describe('personal links', () => {
  it('makes, keeps and remakes an agent’s link; the old one stops working; nobody sees another’s', async () => {
    const segment = await server.createSegment('Links')
    const ana = await server.agent(await server.createAgent([segment]))
    const bruno = await server.agent(await server.createAgent([segment]))
    const none = await server.http<PersonalLinkResponse>('GET', '/personal-link', { token: ana.token })
    assert.deepEqual(none.body, { link: null })

    const made = await server.http<PersonalLinkResponse>('POST', '/personal-link', {
      token: ana.token,
      body: {},
    })
    assert.equal(made.status, 200)
    const first = made.body.link
    assert.ok(first)
    assert.equal(first.segment.id, segment)
    assert.equal(codeOf(first.url), first.code)
    assert.deepEqual((await server.http('GET', '/personal-link', { token: ana.token })).body, { link: first })
    assert.deepEqual((await server.http('GET', '/personal-link', { token: bruno.token })).body, {
      link: null,
    })

    const lookup = await server.http<PublicPersonalLink>('GET', `/public/personal-links/${first.code}`)
    assert.equal(lookup.status, 200)
    assert.deepEqual(lookup.body.segment, { id: segment, name: 'Links' })
    assert.equal(lookup.body.available, false)

    const again = await server.http<PersonalLinkResponse>('POST', '/personal-link', {
      token: ana.token,
      body: {},
    })
    assert.notEqual(again.body.link?.code, first.code)
    assert.equal((await server.http('GET', `/public/personal-links/${first.code}`)).status, 404)
    const customer = await server.customer()
    const stale = await customer.request('queue:join', {
      segment,
      name: 'Old Link',
      personalLink: first.code,
    })
    assert.equal(stale.ok, false)
    assert.equal(!stale.ok && stale.error.code, 404)

    const foreign = await server.createSegment('Not hers')
    const refused = await server.http('POST', '/personal-link', {
      token: ana.token,
      body: { segment: foreign },
    })
    assert.equal(refused.status, 404)
    assert.equal((await server.http('GET', '/public/personal-links/%3Cscript%3E')).status, 404)
  })

  it('rings the link’s agent only, and tells the customer when that agent cannot take it', async () => {
    const segment = await server.createSegment('Direct')
    const bruno = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const ana = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const link = (
      await server.http<PersonalLinkResponse>('POST', '/personal-link', { token: ana.token, body: {} })
    ).body.link
    assert.ok(link)
    // Bruno waited longer: a plain call of the segment would ring him first.
    const customer = await server.customer()
    const joined = await customer.request<{ callId: string }>('queue:join', {
      segment,
      name: 'Paula Personal',
      personalLink: link.code,
    })
    assert.ok(joined.ok)
    const ring = await ana.client.next<InboundCall>('inbound')
    assert.equal(ring.id, joined.data.callId)
    assert.equal(bruno.client.has('inbound'), false)

    // Turned down: the call ends for the customer instead of going to Bruno.
    assert.ok((await ana.client.request('dismiss', { callId: ring.id })).ok)
    assert.deepEqual(await customer.next('call:ended'), { callId: ring.id, reason: 'agent-unavailable' })
    const roundTrip = await bruno.client.request('notification:request', {})
    assert.ok(roundTrip.ok)
    assert.equal(bruno.client.has('inbound'), false)
    const history = await server.http<Paged<{ via: string; outcome: string }>>('GET', '/calls', {
      token: ana.token,
    })
    assert.deepEqual(
      history.body.data.map((row) => [row.via, row.outcome]),
      [['personal', 'dismissed']],
    )

    assert.ok((await ana.client.request('status', { status: 'break' })).ok)
    const later = await server.customer()
    const refused = await later.request('queue:join', { segment, name: 'Too Late', personalLink: link.code })
    assert.equal(refused.ok, false)
    assert.equal(!refused.ok && refused.error.reason, 'agent-unavailable')
    assert.equal(!refused.ok && refused.error.code, 409)
  })
})

describe('notifications over HTTP', () => {
  it('pages the caller’s own notifications, newest first', async () => {
    const ana = await server.agent('ana@demo.test')
    const page = await server.http<Paged<Notification>>('GET', '/notifications?$limit=2', {
      token: ana.token,
    })
    assert.equal(page.status, 200)
    assert.equal(page.body.total, 3)
    assert.deepEqual(
      page.body.data.map((item) => item.title),
      ['Maintenance window', 'New ringtones'],
    )
    const rest = await server.http<Paged<Notification>>('GET', '/notifications?$limit=2&$skip=2', {
      token: ana.token,
    })
    assert.deepEqual(
      rest.body.data.map((item) => item.title),
      ['Welcome to the console'],
    )
    const fresh = await server.agent(await server.createAgent([]))
    const theirs = await server.http<Paged<Notification>>('GET', '/notifications', { token: fresh.token })
    assert.equal(theirs.body.total, 0)
  })

  it('lets nobody read or mark another agent’s notifications', async () => {
    const ana = await server.agent('ana@demo.test')
    const bruno = await server.agent('bruno@demo.test')
    const anas = await ana.client.request<NotificationsUpdate>('notification:request', {})
    assert.ok(anas.ok)
    const unread = anas.data.notifications.filter((item) => item.readAt === null).map((item) => item.id)
    assert.equal(unread.length, 2)
    // Bruno names Ana's notifications, one by one and all at once: only his own change.
    const marked = await bruno.client.request<NotificationsUpdate>('notifications:read', { ids: unread })
    assert.ok(marked.ok)
    assert.ok(marked.data.notifications.every((item) => !unread.includes(item.id)))
    assert.ok((await bruno.client.request('notifications:read', {})).ok)
    const after = await ana.client.request<NotificationsUpdate>('notification:request', {})
    assert.ok(after.ok)
    assert.equal(after.data.unread, 2)
    const page = await server.http<Paged<Notification>>('GET', '/notifications', { token: bruno.token })
    assert.ok(page.body.data.every((item) => !anas.data.notifications.some((hers) => hers.id === item.id)))
  })
})

describe('announcements', () => {
  it('lists the seeded ones with the unread marked', async () => {
    const ana = await server.agent('bruno@demo.test')
    const page = await server.http<AnnouncementPage>('GET', '/announcements', { token: ana.token })
    assert.equal(page.status, 200)
    assert.equal(page.body.unread, 1)
    assert.deepEqual(
      page.body.data.map((item) => [item.title, item.read, item.author]),
      [
        ['New ringtones', false, 'Sofia Silva'],
        ['Welcome to the console', true, 'Sofia Silva'],
      ],
    )
  })

  it('lets a supervisor post one: every agent hears of it at once; an agent may not post', async () => {
    const agentEmail = await server.createAgent([])
    const agent = await server.agent(agentEmail)
    const refused = await server.http('POST', '/announcements', {
      token: agent.token,
      body: { title: 'Hi', body: 'From an agent' },
    })
    assert.equal(refused.status, 403)

    const supervisor = await server.login('supervisor@demo.test')
    const bad = await server.http('POST', '/announcements', {
      token: supervisor.accessToken,
      body: { title: '   ', body: 'x' },
    })
    assert.equal(bad.status, 400)
    const posted = await server.http<Announcement>('POST', '/announcements', {
      token: supervisor.accessToken,
      body: { title: 'Team meeting', body: 'Friday at 10:00 <b>sharp</b>' },
    })
    assert.equal(posted.status, 201)
    const news = await agent.client.next<AnnouncementNew>('announcement:new')
    assert.equal(news.announcement.id, posted.body.id)
    assert.equal(news.announcement.body, 'Friday at 10:00 <b>sharp</b>')
    assert.equal(news.unread, 3)
    const update = await agent.client.next<NotificationsUpdate>('notifications:update')
    assert.equal(update.unread, 1)
    assert.equal(update.notifications[0]?.kind, 'announcement')
    assert.deepEqual(update.notifications[0]?.data, { announcementId: posted.body.id })

    const read = await server.http<{ unread: number }>('POST', '/announcements/read', {
      token: agent.token,
      body: { ids: [posted.body.id] },
    })
    assert.deepEqual(read.body, { unread: 2 })
    assert.deepEqual(await agent.client.next('announcements:update'), { unread: 2 })
    // Reading it read its notification too.
    assert.equal((await agent.client.next<NotificationsUpdate>('notifications:update')).unread, 0)
    const all = await server.http<{ unread: number }>('POST', '/announcements/read', {
      token: agent.token,
      body: {},
    })
    assert.deepEqual(all.body, { unread: 0 })
  })
})

describe('the feedback widget', () => {
  it('hands out a token and a form that stores what is sent with it', async () => {
    const ana = await server.agent(await server.createAgent([]))
    const sso = await server.http<ExternalAppSsoResponse>('GET', '/external-apps/feedback/sso', {
      token: ana.token,
    })
    assert.equal(sso.status, 200)
    // Relative to the server that answered: the console resolves it against the API it called.
    assert.equal(sso.body.url, '/feedback.html')
    const page = await fetch(`${server.url}/feedback.html`)
    assert.equal(page.status, 200)
    assert.match(await page.text(), /Send feedback/)

    const sent = await server.http('POST', '/external-apps/feedback/submissions', {
      token: sso.body.ssoToken,
      body: { rating: 4, message: 'Works well' },
    })
    assert.equal(sent.status, 201)
    const stored = await server.db.query<{ rating: number; message: string }>(
      'SELECT rating, message FROM feedback WHERE user_id = $1',
      [ana.userId],
    )
    assert.deepEqual(stored, [{ rating: 4, message: 'Works well' }])

    const withAccessToken = await server.http('POST', '/external-apps/feedback/submissions', {
      token: ana.token,
      body: { rating: 4, message: 'x' },
    })
    assert.equal(withAccessToken.status, 401)
    const outOfRange = await server.http('POST', '/external-apps/feedback/submissions', {
      token: sso.body.ssoToken,
      body: { rating: 9, message: 'x' },
    })
    assert.equal(outOfRange.status, 400)
  })
})
