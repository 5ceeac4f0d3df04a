import type { CustomerFile } from './file-transfer'
import { t } from './i18n'
import { byId } from './view'

/** "1.5 MB", "12 kB", "800 B" (in French "1,5 Mo"…): one decimal for megabytes, none below. */
const sizeText = (bytes: number) =>
  bytes >= 1e6
    ? t('customerPage.files.size', { unit: 'mb', amount: Math.round(bytes / 1e5) / 10 })
    : bytes >= 1e3
      ? t('customerPage.files.size', { unit: 'kb', amount: Math.round(bytes / 1e3) })
      : t('customerPage.files.size', { unit: 'b', amount: bytes })

/** A transfer's failure reason as the message's select names it (ICU keys hold no `-`). */
const failure = (reason: string | null) =>
  (reason ?? 'unknown').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())

function stateText(file: CustomerFile): string {
  if (file.state === 'waiting') return t('customerPage.files.waiting')
  if (file.state === 'failed') return t('customerPage.files.failed', { reason: failure(file.error) })
  if (file.state === 'done') return t('customerPage.files.done', { direction: file.direction })
  return t('customerPage.files.moving', {
    direction: file.direction,
    done: sizeText(file.bytes),
    size: sizeText(file.size),
  })
}

/**
 * Shows a file of the list (text only: names are never markup): what it is, where it stands, a
 * progress bar while it moves, a cancel button, and a download link once a file from the agent is here.
 */
export function showFile(file: CustomerFile, blob: Blob | undefined, cancel: (id: string) => void): void {
  const list = byId('files')
  let item = list.querySelector<HTMLLIElement>(`li[data-id="${CSS.escape(file.id)}"]`)
  if (!item) {
    item = document.createElement('li')
    item.dataset.id = file.id
    item.dataset.direction = file.direction
    const name = document.createElement('span')
    name.className = 'file-name'
    const bdi = document.createElement('bdi')
    bdi.textContent = file.name
    name.append(
      bdi,
      ' ',
      t('customerPage.files.about', { size: sizeText(file.size), direction: file.direction }),
    )
    const status = document.createElement('span')
    status.className = 'file-state'
    const progress = document.createElement('progress')
    progress.max = Math.max(1, file.size)
    progress.setAttribute('aria-label', t('customerPage.files.progress', { name: file.name }))
    const stop = document.createElement('button')
    stop.type = 'button'
    stop.className = 'secondary file-cancel'
    stop.textContent = t('customerPage.files.cancel')
    stop.setAttribute('aria-label', t('customerPage.files.cancelFile', { name: file.name }))
    stop.addEventListener('click', () => cancel(file.id))
    item.append(name, status, progress, stop)
    list.append(item)
  }
  item.dataset.state = file.state
  ;(item.querySelector('.file-state') as HTMLElement).textContent = stateText(file)
  const progress = item.querySelector('progress') as HTMLProgressElement
  progress.value = file.bytes
  progress.hidden = file.state !== 'moving'
  ;(item.querySelector('.file-cancel') as HTMLElement).hidden = file.state !== 'moving'
  if (blob && !item.querySelector('a')) {
    const link = document.createElement('a')
    // Downloaded, never opened here: typed as plain bytes whatever the agent's side called it.
    link.href = URL.createObjectURL(blob.slice(0, blob.size, 'application/octet-stream'))
    link.download = file.name
    link.textContent = t('customerPage.files.download', { name: file.name })
    link.className = 'file-download'
    item.append(link)
  }
}

/** Files picked with the button or dropped on the zone go to `send`. */
export function watchFilePicker(send: (files: File[]) => void): void {
  const input = byId<HTMLInputElement>('file-input')
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])]
    input.value = ''
    if (files.length > 0) send(files)
  })
  const zone = byId('file-drop')
  zone.addEventListener('dragover', (event) => {
    event.preventDefault()
    zone.classList.add('dragging')
  })
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'))
  zone.addEventListener('drop', (event) => {
    event.preventDefault()
    zone.classList.remove('dragging')
    const files = [...(event.dataTransfer?.files ?? [])]
    if (files.length > 0) send(files)
  })
}
