import { useMemo } from 'react'
import { isAppImage } from '../../../protocol'

/**
 * A picture the app sent: shown only when it is a base64 data URL of a raster image (checked at the
 * edge already; checked again here, as it is about to reach an `src`).
 */
export function AppImage({
  src,
  alt,
  className,
}: {
  src: string | undefined
  alt: string
  className: string
}) {
  const safe = useMemo(() => (isAppImage(src) ? src : null), [src])
  if (!safe) return null
  return <img className={className} src={safe} alt={alt} />
}
