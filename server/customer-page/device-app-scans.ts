/**
 * The scans the device app simulator plays: each a list of steps, a stage report (SPEC §4 codes)
 * and the log line the app writes with it. Sample data: an identity card read from the name the
 * customer gave, a fingerprint of random quality, each with a picture drawn on a canvas.
 */
import type { AppLogLevel, AppScan, AppStage, DocumentField } from '../../src/protocol'
import { documentPicture, fingerprintPicture } from './device-app-images'

/** One step of a scan: its stage report and the log line that goes with it. */
export interface ScanStep {
  report: AppStage
  log?: { level: AppLogLevel; text: string }
}

function randomDigits(count: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(count)), (byte) => String(byte % 10)).join('')
}

/** Upper-case ASCII letters for the machine-readable zone, `<` for anything else. */
function mrzText(text: string, length: number): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '<')
  return ascii.padEnd(length, '<').slice(0, length)
}

/** The fields of the demo identity card, from the name the customer gave. */
function documentFields(customerName: string, number: string): DocumentField[] {
  const words = customerName.trim().split(/\s+/).filter(Boolean)
  const surname = words.length > 1 ? words.slice(-1).join(' ') : (words[0] ?? 'Doe')
  const given = words.length > 1 ? words.slice(0, -1).join(' ') : 'Alex'
  return [
    { label: 'Document type', value: 'Identity card' },
    { label: 'Document number', value: number },
    { label: 'Surname', value: surname },
    { label: 'Given names', value: given },
    { label: 'Date of birth', value: '1988-04-12' },
    { label: 'Nationality', value: 'DRP' },
    { label: 'Expiry date', value: '2031-09-30' },
  ]
}

/** A document scan: placed (1), the chip read with the first fields (2), every field and the picture (3). */
export function documentScan(name: string, customerName: string): ScanStep[] {
  const number = `DR${randomDigits(7)}`
  const fields = documentFields(customerName, number)
  const surname = fields[2]?.value ?? ''
  const given = fields[3]?.value ?? ''
  const image = documentPicture(fields, [mrzText(`IDDRP${number}`, 30), mrzText(`${surname}  ${given}`, 30)])
  const stage = (data: AppStage['data']): AppStage => ({ appEvent: 'stage', name, data })
  return [
    {
      report: stage({ scan: 'document', status: 1 }),
      log: { level: 'info', text: 'Document placed on the scanner' },
    },
    {
      report: stage({ scan: 'document', status: 2, result: { fields: fields.slice(0, 2) } }),
      log: { level: 'info', text: 'Reading the document chip over NFC' },
    },
    {
      report: stage({ scan: 'document', status: 3, result: { fields, image } }),
      log: { level: 'info', text: `Document ${number} read` },
    },
  ]
}

/** A fingerprint scan: waiting for a finger (1), a first reading (2), the print and its quality (3). */
export function fingerprintScan(name: string): ScanStep[] {
  const quality = 70 + ((crypto.getRandomValues(new Uint8Array(1))[0] ?? 0) % 29)
  const image = fingerprintPicture(quality)
  const stage = (data: AppStage['data']): AppStage => ({ appEvent: 'stage', name, data })
  return [
    {
      report: stage({ scan: 'fingerprint', status: 1 }),
      log: { level: 'info', text: 'Waiting for a finger on the reader' },
    },
    { report: stage({ scan: 'fingerprint', status: 2, result: { quality: quality - 30 } }) },
    {
      report: stage({ scan: 'fingerprint', status: 3, result: { quality, image } }),
      log: { level: 'info', text: `Fingerprint captured, quality ${quality}` },
    },
  ]
}

/** A scan that fails (stage 0), with the reason the app logs. */
export function failedScan(name: string, scan: AppScan): ScanStep {
  return {
    report: { appEvent: 'stage', name, data: { scan, status: 0 } },
    log: {
      level: 'error',
      text: scan === 'document' ? 'Document removed before the scan ended' : 'Finger moved: no usable print',
    },
  }
}
