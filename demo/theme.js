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
