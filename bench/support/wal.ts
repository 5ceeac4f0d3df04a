/**
 * A write-ahead log position as PostgreSQL prints it (`pg_lsn`, e.g. `16/B374D848`: two hexadecimal
 * halves of one 64-bit number), in bytes.
 *
 * @example
 * walBytes('1/0') // 4294967296n
 */
export function walBytes(lsn: string): bigint {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn)
  if (!match) throw new Error(`not a WAL position: ${JSON.stringify(lsn)}`)
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`)
}
