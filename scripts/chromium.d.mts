/** Path of the Chromium to run (CHROMIUM_PATH, else Debian's /usr/bin/chromium). */
export function chromiumPath(): string
/** Chromium flags for headless runs on a closed network with a fake camera and microphone. */
export const CHROMIUM_ARGS: string[]
