// How every suite and benchmark starts Chromium: Debian's package (never a browser downloaded by a
// tool), headless, quiet on a closed network, with a fake camera and microphone.

/** Path of the Chromium to run. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Chromium flags for headless runs on a closed network with a fake camera and microphone. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
]
