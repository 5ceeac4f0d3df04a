// Gives MediaPipe's selfie segmentation model (from `@mediapipe/selfie_segmentation`) the TFLite metadata
// the ImageSegmenter of `@mediapipe/tasks-vision` needs: the package's `.tflite` has none, and a float
// input without `NormalizationOptions` is refused ("Input tensor has type float32: it requires specifying
// NormalizationOptions metadata"). The model is left byte for byte as it is; a new root table in front of
// it points at its parts, with one more buffer holding the metadata and a `TFLITE_METADATA` entry naming
// it. Schemas: tensorflow/lite/schema/schema.fbs (Model) and tflite-support's metadata_schema.fbs.
import { Builder } from 'flatbuffers'

// Field slots (field index) of the tables written, from the two schemas.
const MODEL = {
  version: 0,
  operatorCodes: 1,
  subgraphs: 2,
  description: 3,
  buffers: 4,
  metadataBuffer: 5,
  metadata: 6,
  signatureDefs: 7,
}
const CONTENT_IMAGE_PROPERTIES = 2 // ContentProperties union: FeatureProperties = 1, ImageProperties = 2
const OPTIONS_NORMALIZATION = 1 // ProcessUnitOptions union: NormalizationOptions = 1
const COLOR_SPACE_RGB = 1

/**
 * The ModelMetadata flatbuffer ("M001") of an image model: one RGB input normalized by (x - mean) / std,
 * and `outputs` output tensors described by name only.
 *
 * @param {{ name: string, mean: number, std: number, outputs: number }} model
 * @returns {Uint8Array}
 */
export function imageModelMetadata({ name, mean, std, outputs }) {
  const b = new Builder(512)
  const vector = (values, add) => {
    b.startVector(4, values.length, 4)
    for (let i = values.length - 1; i >= 0; i--) add(values[i])
    return b.endVector()
  }
  const floats = (values) => vector(values, (value) => b.addFloat32(value))
  const tables = (offsets) => vector(offsets, (offset) => b.addOffset(offset))

  // NormalizationOptions { mean, std }
  const meanVector = floats([mean])
  const stdVector = floats([std])
  b.startObject(2)
  b.addFieldOffset(0, meanVector, 0)
  b.addFieldOffset(1, stdVector, 0)
  const normalization = b.endObject()
  // ProcessUnit { options_type, options }
  b.startObject(2)
  b.addFieldInt8(0, OPTIONS_NORMALIZATION, 0)
  b.addFieldOffset(1, normalization, 0)
  const processUnit = b.endObject()
  // ImageProperties { color_space }
  b.startObject(2)
  b.addFieldInt8(0, COLOR_SPACE_RGB, 0)
  const imageProperties = b.endObject()
  // Content { content_properties_type, content_properties }
  b.startObject(3)
  b.addFieldInt8(0, CONTENT_IMAGE_PROPERTIES, 0)
  b.addFieldOffset(1, imageProperties, 0)
  const content = b.endObject()
  // TensorMetadata { name, content, process_units }
  const inputName = b.createString('input')
  const processUnits = tables([processUnit])
  b.startObject(7)
  b.addFieldOffset(0, inputName, 0)
  b.addFieldOffset(3, content, 0)
  b.addFieldOffset(4, processUnits, 0)
  const input = b.endObject()
  const outputTensors = []
  for (let i = 0; i < outputs; i++) {
    const outputName = b.createString(`output_${i}`)
    b.startObject(7)
    b.addFieldOffset(0, outputName, 0)
    outputTensors.push(b.endObject())
  }
  // SubGraphMetadata { input_tensor_metadata, output_tensor_metadata }
  const inputs = tables([input])
  const outputsVector = tables(outputTensors)
  b.startObject(7)
  b.addFieldOffset(2, inputs, 0)
  b.addFieldOffset(3, outputsVector, 0)
  const subgraph = b.endObject()
  // ModelMetadata { name, subgraph_metadata, min_parser_version }
  const modelName = b.createString(name)
  const subgraphs = tables([subgraph])
  const parser = b.createString('1.0.0')
  b.startObject(8)
  b.addFieldOffset(0, modelName, 0)
  b.addFieldOffset(3, subgraphs, 0)
  b.addFieldOffset(7, parser, 0)
  b.finish(b.endObject(), 'M001')
  return b.asUint8Array()
}

/** Reads a flatbuffer table's fields: their absolute positions by slot (absent slots are missing). */
function tableFields(view, table) {
  const vtable = table - view.getInt32(table, true)
  const size = view.getUint16(vtable, true)
  const fields = new Map()
  for (let slot = 0; 4 + slot * 2 < size; slot++) {
    const offset = view.getUint16(vtable + 4 + slot * 2, true)
    if (offset) fields.set(slot, table + offset)
  }
  return fields
}

const target = (view, position) => position + view.getUint32(position, true)

/** The absolute positions of a vector of tables' elements. */
function tableVector(view, position) {
  const vector = target(view, position)
  const length = view.getUint32(vector, true)
  return Array.from({ length }, (_, i) => target(view, vector + 4 + i * 4))
}

/** Writes forward only, so every offset it stores points ahead, as flatbuffers require. */
class ForwardWriter {
  constructor(size) {
    this.bytes = new Uint8Array(size)
    this.view = new DataView(this.bytes.buffer)
    this.at = 0
  }
  align(n) {
    this.at = Math.ceil(this.at / n) * n
  }
  u16(value) {
    this.view.setUint16(this.at, value, true)
    this.at += 2
  }
  u32(value) {
    this.view.setUint32(this.at, value, true)
    this.at += 4
  }
  i32(value) {
    this.view.setInt32(this.at, value, true)
    this.at += 4
  }
  /** A field that will hold an offset to `to` (an absolute position, known later). */
  offsetTo(patches, to) {
    patches.push({ at: this.at, to })
    this.at += 4
  }
  /** A table: its vtable, then its fields (each 4 bytes), in slot order; returns each field's writer. */
  table(slots) {
    this.align(2)
    const vtable = this.at
    const fieldCount = Math.max(...slots.map(([slot]) => slot)) + 1
    this.u16(4 + fieldCount * 2)
    this.u16(4 + slots.length * 4)
    const positions = new Map(slots.map(([slot], i) => [slot, 4 + i * 4]))
    for (let slot = 0; slot < fieldCount; slot++) this.u16(positions.get(slot) ?? 0)
    this.align(4)
    const table = this.at
    this.i32(table - vtable)
    for (const [, write] of slots) write()
    return table
  }
}

/**
 * The model with `metadata` added as its `TFLITE_METADATA` (replacing an existing one is not needed:
 * the package's model has none, and one already there makes this throw).
 *
 * @param {Uint8Array} model the `.tflite` file
 * @param {Uint8Array} metadata a ModelMetadata flatbuffer
 * @returns {Uint8Array}
 */
export function withTfliteMetadata(model, metadata) {
  const old = new DataView(model.buffer, model.byteOffset, model.byteLength)
  const root = target(old, 0)
  const fields = tableFields(old, root)
  const buffers = fields.has(MODEL.buffers) ? tableVector(old, fields.get(MODEL.buffers)) : []
  const entries = fields.has(MODEL.metadata) ? tableVector(old, fields.get(MODEL.metadata)) : []
  const writer = new ForwardWriter(1024 + metadata.length)
  const patches = [] // { at, to: { old: position } | { new: () => position } }
  const name = 'TFLITE_METADATA'
  let bufferTable = 0
  let metadataTable = 0
  let bufferVector = 0
  let metadataVector = 0
  writer.offsetTo(patches, { new: () => newRoot })
  writer.bytes.set(model.subarray(4, 8), 4) // the file identifier, "TFL3"
  writer.at = 8
  const copied = (slot) => [slot, () => writer.offsetTo(patches, { old: target(old, fields.get(slot)) })]
  const slots = [
    [
      MODEL.version,
      () => writer.u32(fields.has(MODEL.version) ? old.getUint32(fields.get(MODEL.version), true) : 0),
    ],
    ...[MODEL.operatorCodes, MODEL.subgraphs, MODEL.description]
      .filter((slot) => fields.has(slot))
      .map(copied),
    [MODEL.buffers, () => writer.offsetTo(patches, { new: () => bufferVector })],
    ...[MODEL.metadataBuffer].filter((slot) => fields.has(slot)).map(copied),
    [MODEL.metadata, () => writer.offsetTo(patches, { new: () => metadataVector })],
    ...[MODEL.signatureDefs].filter((slot) => fields.has(slot)).map(copied),
  ].sort(([a], [b]) => a - b)
  const newRoot = writer.table(slots)
  // buffers: the old ones, then the metadata's.
  writer.align(4)
  bufferVector = writer.at
  writer.u32(buffers.length + 1)
  for (const position of buffers) writer.offsetTo(patches, { old: position })
  writer.offsetTo(patches, { new: () => bufferTable })
  // metadata: the old entries, then TFLITE_METADATA.
  metadataVector = writer.at
  for (const position of entries) {
    const nameField = tableFields(old, position).get(0)
    const text = nameField ? target(old, nameField) : 0
    const entryName = text
      ? new TextDecoder().decode(model.subarray(text + 4, text + 4 + old.getUint32(text, true)))
      : ''
    if (entryName === name) throw new Error('the model already has TFLITE_METADATA')
  }
  writer.u32(entries.length + 1)
  for (const position of entries) writer.offsetTo(patches, { old: position })
  writer.offsetTo(patches, { new: () => metadataTable })
  // Metadata { name, buffer }
  let nameString = 0
  metadataTable = writer.table([
    [0, () => writer.offsetTo(patches, { new: () => nameString })],
    [1, () => writer.u32(buffers.length)],
  ])
  nameString = writer.at
  writer.u32(name.length)
  writer.bytes.set(new TextEncoder().encode(name), writer.at)
  writer.at += name.length + 1
  // Buffer { data } with the data 16-aligned (schema: force_align 16).
  let data = 0
  bufferTable = writer.table([[0, () => writer.offsetTo(patches, { new: () => data })]])
  writer.at += 4
  writer.align(16)
  writer.at -= 4
  data = writer.at
  writer.u32(metadata.length)
  writer.bytes.set(metadata, writer.at)
  writer.at += metadata.length
  // The old model follows, at a multiple of 64 so every alignment inside it holds.
  writer.align(64)
  const shift = writer.at
  for (const { at, to } of patches)
    writer.view.setUint32(at, ('old' in to ? shift + to.old : to.new()) - at, true)
  const out = new Uint8Array(shift + model.length)
  out.set(writer.bytes.subarray(0, shift))
  out.set(model, shift)
  return out
}
