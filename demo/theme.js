/* global document, window, localStorage */
// The demo page's light/dark toggle: the agent's choice is remembered; until they choose, the system's
// preference (prefers-color-scheme) decides. A file, not an inline script: the page's CSP forbids those.
const KEY = 'agent-console-demo:theme'
const button = document.querySelector('.theme-toggle')
const system = window.matchMedia('(prefers-color-scheme: dark)')

function chosen() {
  const stored = localStorage.getItem(KEY)
  return stored === 'dark' || stored === 'light' ? stored : null
}

// The demo page's own words, in the console's language (it tells the page through agent-locale-change).
const LABELS = { en: 'Dark theme', es: 'Tema oscuro', fr: 'Thème sombre' }

function apply(theme) {
  document.documentElement.dataset.theme = theme
  button.setAttribute('aria-pressed', String(theme === 'dark'))
}

apply(chosen() ?? (system.matches ? 'dark' : 'light'))
system.addEventListener('change', (event) => {
  if (!chosen()) apply(event.matches ? 'dark' : 'light')
})
button.addEventListener('click', () => {
  const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'
  localStorage.setItem(KEY, next)
  apply(next)
})
/** Labels the toggle in `locale` when the demo has words for it (the page's own lang follows). */
function speak(locale) {
  if (!Object.hasOwn(LABELS, locale)) return false
  button.textContent = LABELS[locale]
  document.documentElement.lang = locale
  return true
}

// As the console chooses before it says: the browser's first language it speaks, else English.
for (const tag of window.navigator.languages) if (speak(tag.toLowerCase().split('-')[0])) break
document.addEventListener('agent-locale-change', (event) => speak(event.detail?.locale))
