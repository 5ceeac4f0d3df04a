// Adds or updates messages in the three locale files at once, keeping them sorted and in step.
// Usage: flock .locales.lock node scripts/add-messages.mjs messages.json
//   where messages.json is { "call.answer": { "en": "Answer", "es": "Contestar", "fr": "Répondre" }, … }
// Run it under flock: several people add messages at the same time.
import { readFileSync, writeFileSync } from 'node:fs'

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const languages = ['en', 'es', 'fr']
for (const [key, texts] of Object.entries(input)) {
  const missing = languages.filter(
    (language) => typeof texts[language] !== 'string' || !texts[language].trim(),
  )
  if (missing.length) throw new Error(`${key} lacks ${missing.join(', ')}`)
}
for (const language of languages) {
  const file = new URL(`../locales/${language}.json`, import.meta.url)
  const messages = JSON.parse(readFileSync(file, 'utf8'))
  for (const [key, texts] of Object.entries(input)) messages[key] = texts[language]
  const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`)
}
console.log(`${Object.keys(input).length} message(s) written to ${languages.join(', ')}`)
