import type { CustomerFile } from './file-transfer'
import { byId } from './view'

const sizeText = (bytes: number) =>
  bytes >= 1e6
    ? `${(bytes / 1e6).toFixed(1)} MB`
    : bytes >= 1e3
      ? `${(bytes / 1e3).toFixed(0)} kB`
      : `${bytes} B`

function stateText(file: CustomerFile): string {
  if (file.state === 'waiting') return 'waiting for the agent to accept files…'
  if (file.state === 'failed') return `failed: ${file.error ?? 'unknown reason'}`
  if (file.state === 'done') return file.direction === 'out' ? 'sent to the agent' : 'received from the agent'
  return `${file.direction === 'out' ? 'sending' : 'receiving'} ${sizeText(file.bytes)} of ${sizeText(file.size)}`
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
    name.append(bdi, ` (${sizeText(file.size)}, ${file.direction === 'out' ? 'to' : 'from'} the agent)`)
    const status = document.createElement('span')
    status.className = 'file-state'
    const progress = document.createElement('progress')
    progress.max = Math.max(1, file.size)
    progress.setAttribute('aria-label', `Progress of ${file.name}`)
    const stop = document.createElement('button')
    stop.type = 'button'
    stop.className = 'secondary file-cancel'
    stop.textContent = 'Cancel'
    stop.setAttribute('aria-label', `Cancel ${file.name}`)
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
    link.textContent = `Download ${file.name}`
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
