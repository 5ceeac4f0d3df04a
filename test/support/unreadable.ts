/** A byte stream that fails on its first read, as a file changed or removed on disk does. */
export function unreadableStream(): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    type: 'bytes',
    pull: (controller) => controller.error(new DOMException('gone', 'NotReadableError')),
  })
}
