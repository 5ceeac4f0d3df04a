// The customer page's entry (demo/customer.html): a modify link (`?modify=<code>`) manages an appointment
// and needs neither camera nor socket; anything else is the call page. Only the one chosen runs: the call
// page asks for the camera and connects as soon as it is loaded. The markup is translated first, so no
// page ever draws over English texts that are about to change.
import { translateDocument } from './i18n'

translateDocument(document)
if (new URLSearchParams(location.search).has('modify')) await import('./manage-page')
else await import('./call-page')
