import { useMemo } from 'react'
import qrcode from 'qrcode-generator'

interface QrCodeProps {
  /** The text to encode (an otpauth URI). */
  value: string
  /** What the picture is, for screen readers. */
  label: string
}

/** The dark modules of a QR code as one SVG path (one unit per module, a 4-module quiet zone). */
function qrPath(value: string): { size: number; path: string } {
  // Type 0 picks the smallest version that fits; level M survives a smudged screen.
  const qr = qrcode(0, 'M')
  qr.addData(value)
  qr.make()
  const count = qr.getModuleCount()
  const parts: string[] = []
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.isDark(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`)
  return { size: count + 8, path: parts.join('') }
}

/** A QR code drawn locally as SVG (nothing sent to a QR service: the secret never leaves the page). */
export function QrCode({ value, label }: QrCodeProps) {
  const { size, path } = useMemo(() => qrPath(value), [value])
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
