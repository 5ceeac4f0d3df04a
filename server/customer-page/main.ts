// The customer page's entry (demo/customer.html): a modify link (`?modify=<code>`) manages an appointment
// and needs neither camera nor socket; anything else is the call page. Only the one chosen runs: the call
// page asks for the camera and connects as soon as it is loaded. The markup is translated first, so no
// page ever draws over English texts that are about to change, nor the call form on a modify link.
import { translateDocument } from './i18n'
import { show } from './view'

translateDocument(document)
const managing = new URLSearchParams(location.search).has('modify')
if (managing) show('manage')
// The page is drawn only now (demo/customer.html hides its <main> while busy): in the customer's
// language, on the right screen, and before the call page asks for the camera.
document.querySelector('main')?.removeAttribute('aria-busy')
if (managing) await import('./manage-page')
else await import('./call-page')
