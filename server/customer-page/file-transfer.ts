import CRC32 from 'crc-32'
import type SimplePeer from 'simple-peer'

/** Bytes per data-channel message: below every browser's message limit. */
const CHUNK = 64 * 1024

/** A file that arrived over a data channel. */
export interface ReceivedFile {
  name: string
  type: string
  size: number
  /** Whether the CRC-32 sent by the other side matches the bytes. */
  intact: boolean
  blob: Blob
}

/** The header that precedes a file's bytes. */
interface FileHeader {
  kind: 'file'
  name: string
  type: string
  size: number
  crc32: number
}

/**
 * Sends a file over a connected data peer: a JSON header (name, type, size, CRC-32), then the bytes in
 * 64 KiB chunks, waiting for the channel's buffer to drain so large files do not pile up in memory.
 */
export async function sendFile(peer: SimplePeer.Instance, file: File): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const header: FileHeader = {
    kind: 'file',
    name: file.name,
    type: file.type || 'application/octet-stream',
    size: bytes.length,
    crc32: CRC32.buf(bytes) >>> 0,
  }
  peer.send(JSON.stringify(header))
  const channel = (peer as unknown as { _channel: RTCDataChannel })._channel
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    while (channel.bufferedAmount > 16 * CHUNK) await new Promise((resolve) => setTimeout(resolve, 5))
    peer.send(bytes.subarray(offset, offset + CHUNK))
  }
}

/** Receives files from a data peer, one after the other, and checks each CRC-32. */
export function receiveFiles(peer: SimplePeer.Instance, onFile: (file: ReceivedFile) => void): void {
  let header: FileHeader | null = null
  let parts: Uint8Array[] = []
  let received = 0
  peer.on('data', (data: Uint8Array) => {
    if (!header) {
      try {
        const parsed = JSON.parse(new TextDecoder().decode(data)) as FileHeader
        if (parsed.kind === 'file') header = parsed
      } catch {
        // Not a header: ignore stray data.
      }
      parts = []
      received = 0
      if (header?.size === 0) finish()
      return
    }
    parts.push(new Uint8Array(data))
    received += data.byteLength
    if (received >= header.size) finish()
  })
  function finish(): void {
    if (!header) return
    const bytes = new Uint8Array(received)
    let offset = 0
    for (const part of parts) {
      bytes.set(part, offset)
      offset += part.length
    }
    onFile({
      name: header.name,
      type: header.type,
      size: header.size,
      intact: CRC32.buf(bytes) >>> 0 === header.crc32,
      blob: new Blob([bytes], { type: header.type }),
    })
    header = null
  }
}
