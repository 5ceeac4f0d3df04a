/**
 * Pictures the device app "scans", drawn on a canvas: an identity card with the holder's details, and
 * a fingerprint of ridges around a core. Both come out as data URLs of raster images (JPEG, PNG),
 * the only images the console accepts from an app.
 */

function canvas(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const element = document.createElement('canvas')
  element.width = width
  element.height = height
  const context = element.getContext('2d')
  if (!context) throw new Error('no 2D canvas')
  return [element, context]
}

/** An identity card (480×300 JPEG) showing the fields read from it. */
export function documentPicture(fields: { label: string; value: string }[], mrz: [string, string]): string {
  const [element, g] = canvas(480, 300)
  const background = g.createLinearGradient(0, 0, 480, 300)
  background.addColorStop(0, '#e8f1fb')
  background.addColorStop(1, '#cfe3d8')
  g.fillStyle = background
  g.fillRect(0, 0, 480, 300)
  g.fillStyle = '#1d4e89'
  g.fillRect(0, 0, 480, 40)
  g.fillStyle = '#ffffff'
  g.font = 'bold 18px sans-serif'
  g.fillText('IDENTITY CARD · DEMO REPUBLIC', 16, 27)
  // The holder's photo: a head and shoulders.
  g.fillStyle = '#b8c4d0'
  g.fillRect(16, 56, 110, 140)
  g.fillStyle = '#7d8b99'
  g.beginPath()
  g.arc(71, 105, 28, 0, Math.PI * 2)
  g.fill()
  g.beginPath()
  g.ellipse(71, 190, 45, 42, 0, Math.PI, 0)
  g.fill()
  g.fillStyle = '#1f2328'
  let y = 66
  for (const field of fields.slice(1, 7)) {
    g.font = '10px sans-serif'
    g.fillStyle = '#57606a'
    g.fillText(field.label.toUpperCase(), 142, y)
    g.font = 'bold 14px sans-serif'
    g.fillStyle = '#1f2328'
    g.fillText(field.value, 142, y + 15)
    y += 24
  }
  g.fillStyle = '#ffffff'
  g.fillRect(0, 232, 480, 68)
  g.fillStyle = '#1f2328'
  g.font = '15px monospace'
  g.fillText(mrz[0], 16, 258)
  g.fillText(mrz[1], 16, 284)
  return element.toDataURL('image/jpeg', 0.85)
}

/** A fingerprint (200×240 PNG): ridges around a core, wavering a little, as a reader would show. */
export function fingerprintPicture(seed: number): string {
  const [element, g] = canvas(200, 240)
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, 200, 240)
  g.strokeStyle = '#2b2b2b'
  g.lineWidth = 2.2
  const cx = 100
  const cy = 125
  for (let ring = 1; ring <= 20; ring += 1) {
    const rx = ring * 4.6
    const ry = ring * 5.6
    g.beginPath()
    for (let step = 0; step <= 120; step += 1) {
      const angle = (step / 120) * Math.PI * 2
      const waver = 1 + 0.06 * Math.sin(angle * 5 + ring * 0.7 + seed)
      const x = cx + Math.cos(angle) * rx * waver
      const y = cy + Math.sin(angle) * ry * waver - ring * 0.8
      if (step === 0) g.moveTo(x, y)
      else g.lineTo(x, y)
    }
    g.stroke()
  }
  // The pad's edge: everything outside an oval is blank, as on a reader's glass.
  g.globalCompositeOperation = 'destination-in'
  g.beginPath()
  g.ellipse(cx, cy, 80, 105, 0, 0, Math.PI * 2)
  g.fill()
  g.globalCompositeOperation = 'destination-over'
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, 200, 240)
  return element.toDataURL('image/png')
}
