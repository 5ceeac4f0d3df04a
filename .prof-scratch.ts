import { randomUUID } from 'node:crypto'
import { io } from 'socket.io-client'
import { createApplication } from './server/app'
import { hashPassword } from './server/auth/passwords'
import { insertUser } from './server/store/seed'
import { newId } from './server/store/ids'
import { SEED } from './server/store/seed-content'
const app = await createApplication({ version: 'p', dataDir: 'memory://', rateLimits: { api: { max: 1e9, windowMs: 1 }, login: { max: 1e9, windowMs: 1 } }, timers: { ringTimeoutMs: 600000, sweepIntervalMs: 600000 } })
const db = app.context.db as any
const hash = await hashPassword('b', { N: 1024, r: 8, p: 1 })
const seg = newId()
await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1,$2,$3)', [seg, SEED.account, 'S'])
const emails: string[] = []
for (let a = 0; a < 100; a++) { const id = newId(); emails.push(`p${a}@x.t`); await insertUser(db, { id, accountId: SEED.account, email: `p${a}@x.t`, firstname: 'P', lastname: 'Q', level: 5, passwordHash: hash }); await db.query('INSERT INTO agent_segments VALUES ($1,$2)', [id, seg]) }
const url = await app.listen({ port: 0 })
const sockets = []
for (const email of emails) {
  const r = await fetch(url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'b', agreement: true }) })
  const { accessToken } = await r.json() as any
  const s = io(url, { path: '/ws', transports: ['websocket'], forceNew: true })
  await new Promise(r => s.once('connect', r))
  await s.emitWithAck('authenticate', { accessToken, sessionId: randomUUID(), timezone: 'UTC' })
  await s.emitWithAck('status', { status: 'available' })
  sockets.push(s)
}
// instrument
const stats = new Map<string, { n: number; ms: number }>()
const wrap = (target: any) => { const q = target.query.bind(target); target.query = async (sql: string, p?: unknown[]) => { const t = performance.now(); try { return await q(sql, p) } finally { const k = sql.replace(/\s+/g, ' ').slice(0, 90); const e = stats.get(k) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t; stats.set(k, e) } } }
wrap(db)
const tx = db.transaction.bind(db)
db.transaction = (work: any) => tx((t: any) => { wrap(t); return work(t) })
let got = 0; const lat: number[] = []; const sent = new Map<string, number>()
for (const s of sockets) s.on('inbound', (c: any) => { lat.push(performance.now() - (sent.get(c.customerName) ?? 0)); got++ })
for (let i = 0; i < 30; i++) {
  const c = io(url + '/customer', { path: '/ws', transports: ['websocket'], forceNew: true, auth: { sessionId: randomUUID() } })
  await new Promise(r => c.once('connect', r))
  sent.set('C' + i, performance.now())
  c.emit('queue:join', { segment: seg, name: 'C' + i })
  await new Promise(r => setTimeout(r, 60))
}
console.log('latencies', lat.map(x => x.toFixed(1)).join(' '))
console.log([...stats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25).map(([k, v]) => `${(v.ms / 30).toFixed(2)}ms/join n=${v.n} ${k}`).join('\n'))
for (const s of sockets) s.disconnect()
await app.close()
