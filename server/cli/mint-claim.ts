// Mints a one-time claim id for a user, straight in the database: `node --import tsx server/cli/mint-claim.ts <email>`.
// Open the printed path in the console (`/login/claim/{id}`). Uses DATABASE_URL, else PGlite in .data/pglite
// (stop `npm start` first: PGlite allows one process on a data dir).
import { openPGlite } from '../store/pglite-database'
import { openPostgres } from '../store/postgres-database'
import { randomToken, sha256 } from '../store/ids'
import { CLAIM_LIFETIME_MS } from '../auth/claims'

const email = process.argv[2]
if (!email) {
  console.error('usage: node --import tsx server/cli/mint-claim.ts <email>')
  process.exit(2)
}
const url = process.env.DATABASE_URL
const db =
  url && /^postgres(ql)?:\/\//.test(url)
    ? openPostgres(url)
    : await openPGlite({ dataDir: url ?? '.data/pglite' })
try {
  const users = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email.toLowerCase()])
  const user = users[0]
  if (!user) throw new Error(`no user ${email}`)
  const id = randomToken(24)
  await db.query(
    'INSERT INTO login_claims (id_hash, user_id, remember, expires_at) VALUES ($1, $2, false, $3)',
    [sha256(id), user.id, new Date(Date.now() + CLAIM_LIFETIME_MS)],
  )
  console.log(JSON.stringify({ id, path: `/login/claim/${id}` }))
} finally {
  await db.close()
}
