import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { CONSULTATION_FORM, SEED } from '../../server/store/seed-content'
import { freshDatabase } from './support/prepared-database'

const MIGRATION = new URL('../../server/store/migrations/050_phone_pattern_v_flag.sql', import.meta.url)
/** The pattern databases seeded before issue 69 hold: it does not compile under the `v` flag. */
const OLD_PATTERN = '^[+0-9 ()-]{6,20}$'

describe('migration 050: the seeded phone pattern, valid under the v flag', () => {
  it('fixes the pattern of a database seeded before, keeps the fields in order, and leaves an operator’s form alone', async () => {
    const db = await freshDatabase()
    try {
      const before = CONSULTATION_FORM.map((field) =>
        field.name === 'phone' ? { ...field, pattern: OLD_PATTERN } : field,
      )
      await db.query('UPDATE services SET form = $1 WHERE id = $2', [
        JSON.stringify(before),
        SEED.services.consultation,
      ])
      // An operator's own form, with a pattern of its own (valid or not, it is theirs).
      const theirs = [{ name: 'code', label: 'Code', type: 'text', required: true, pattern: '^[A-Z]{3}$' }]
      await db.query('UPDATE services SET form = $1 WHERE id = $2', [
        JSON.stringify(theirs),
        SEED.services.opening,
      ])

      await db.exec(readFileSync(MIGRATION, 'utf8'))

      const form = async (id: string) =>
        (await db.query<{ form: unknown }>('SELECT form FROM services WHERE id = $1', [id]))[0]?.form
      assert.deepEqual(await form(SEED.services.consultation), CONSULTATION_FORM)
      assert.deepEqual(await form(SEED.services.opening), theirs)
      const phone = CONSULTATION_FORM.find((field) => field.name === 'phone')
      assert.throws(() => new RegExp(OLD_PATTERN, 'v'))
      assert.doesNotThrow(() => new RegExp(phone?.pattern ?? '', 'v'))
    } finally {
      await db.close()
    }
  })
})
