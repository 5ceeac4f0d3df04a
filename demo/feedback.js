/* global document, location, fetch, FormData, URLSearchParams, parent */
// The feedback widget's script (demo/feedback.html), a file of its own: the page's policy runs no inline script.
const fragment = new URLSearchParams(location.hash.slice(1))
const token = fragment.get('token')
// The console says which of its languages it speaks (en, es, fr).
const TEXTS = {
  en: {
    question: 'How is the console working for you?',
    more: 'Tell us more (optional)',
    send: 'Send feedback',
    thanks: 'Thank you! Your feedback was sent.',
    failed: 'Your feedback could not be sent:',
    noToken: 'This form needs to be opened from the agent console.',
  },
  es: {
    question: '¿Qué tal te funciona la consola?',
    more: 'Cuéntanos más (opcional)',
    send: 'Enviar comentarios',
    thanks: '¡Gracias! Tus comentarios se enviaron.',
    failed: 'No se pudieron enviar tus comentarios:',
    noToken: 'Este formulario se abre desde la consola del agente.',
  },
  fr: {
    question: 'La console vous convient-elle ?',
    more: 'Dites-nous en plus (facultatif)',
    send: 'Envoyer mon avis',
    thanks: 'Merci ! Votre avis a été envoyé.',
    failed: 'Votre avis n’a pas pu être envoyé :',
    noToken: 'Ce formulaire s’ouvre depuis la console de l’agent.',
  },
}
const lang = TEXTS[fragment.get('lang')] ? fragment.get('lang') : 'en'
const text = TEXTS[lang]
document.documentElement.lang = lang
for (const element of document.querySelectorAll('[data-text]'))
  element.textContent = text[element.dataset.text]
const form = document.getElementById('feedback-form')
const status = document.getElementById('status')
const say = (text, error = false) => {
  status.textContent = text
  status.className = error ? 'error' : ''
}
if (!token) say(text.noToken, true)
else form.hidden = false
form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const data = new FormData(form)
  const button = form.querySelector('button')
  button.disabled = true
  try {
    const response = await fetch('/api/external-apps/feedback/submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        rating: Number(data.get('rating')),
        message: String(data.get('message') ?? ''),
      }),
    })
    if (!response.ok)
      throw new Error((await response.json().catch(() => ({}))).message ?? response.statusText)
    form.hidden = true
    say(text.thanks)
    parent.postMessage({ type: 'feedback:sent' }, '*')
  } catch (error) {
    say(`${text.failed} ${error.message}`, true)
    button.disabled = false
  }
})
