/** Strips the IPv4-mapped IPv6 prefix (`::ffff:127.0.0.1` → `127.0.0.1`). */
export function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip
}

function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    const n = Number(part)
    if (!/^\d{1,3}$/.test(part) || n > 255) return null
    value = value * 256 + n
  }
  return value
}

/**
 * Whether `ip` is allowed by an account's allow list: exact addresses and IPv4 CIDR ranges
 * (`203.0.113.0/24`). A null or empty list allows everybody.
 */
export function ipAllowed(ip: string, allowList: readonly string[] | null): boolean {
  if (!allowList || allowList.length === 0) return true
  const address = normaliseIp(ip)
  const value = ipv4ToNumber(address)
  return allowList.some((entry) => {
    const [base, bits] = entry.split('/')
    if (bits === undefined) return normaliseIp(entry) === address
    const baseValue = ipv4ToNumber(base ?? '')
    const prefix = Number(bits)
    if (value === null || baseValue === null || !(prefix >= 0 && prefix <= 32)) return false
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
    return (value & mask) >>> 0 === (baseValue & mask) >>> 0
  })
}
