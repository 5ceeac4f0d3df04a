/** Small DOM helpers of the customer page. */
import { t } from './i18n'

const SECTIONS = ['setup', 'queue', 'waiting-room', 'call', 'ended', 'manage'] as const
/** A screen of the customer page. */
export type Screen = (typeof SECTIONS)[number]

/** An element by id (the page's markup is ours: a missing one is a bug). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (!element) throw new Error(`#${id} missing`)
  return element as T
}

/** Shows one screen, hides the others. */
export function show(screen: Screen): void {
  for (const id of SECTIONS) byId(id).hidden = id !== screen
  document.body.dataset.screen = screen
}

/** mm:ss (or h:mm:ss) since `since`. */
export function elapsed(since: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - since) / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  return `${h > 0 ? `${h}:` : ''}${pad(m)}:${pad(seconds % 60)}`
}

/** A ticking "time since" in an element; returns the stop function. */
export function ticker(element: HTMLElement, since: number): () => void {
  const update = () => (element.textContent = elapsed(since))
  update()
  const timer = setInterval(update, 1000)
  return () => clearInterval(timer)
}

/** Appends a chat line (text only: never HTML). */
export function addChatLine(name: string, text: string, mine: boolean): void {
  const log = byId('chat-log')
  const line = document.createElement('p')
  // Each side's text isolated: a direction override typed in one cannot turn the other around.
  const who = document.createElement('bdi')
  who.textContent = mine ? t('customerPage.chat.you') : name
  const said = document.createElement('bdi')
  said.textContent = text
  const strong = document.createElement('strong')
  strong.append(who)
  line.append(strong, ': ', said)
  log.append(line)
  log.scrollTop = log.scrollHeight
}

/**
 * Shows or removes a remote peer's video, captioned with their name (a meeting can have several: the
 * agent and the other guests).
 */
export function remoteVideo(peerId: string, stream: MediaStream | null, name = ''): void {
  const container = byId('remote-videos')
  const existing = container.querySelector<HTMLElement>(`figure[data-peer="${CSS.escape(peerId)}"]`)
  if (!stream) {
    existing?.remove()
    return
  }
  const tile = existing ?? document.createElement('figure')
  const video = tile.querySelector('video') ?? document.createElement('video')
  const caption = tile.querySelector('figcaption') ?? document.createElement('figcaption')
  tile.dataset.peer = peerId
  video.autoplay = true
  video.playsInline = true
  video.srcObject = stream
  // Text only, isolated: a name is whatever its owner typed.
  const who = caption.querySelector('bdi') ?? caption.appendChild(document.createElement('bdi'))
  who.textContent = name
  caption.hidden = !name
  if (name) video.setAttribute('aria-label', name)
  else video.removeAttribute('aria-label')
  if (!existing) {
    tile.append(video, caption)
    container.append(tile)
  }
}
