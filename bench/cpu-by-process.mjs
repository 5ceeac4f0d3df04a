// Where a command's CPU time goes: runs it, reads every process's CPU time from /proc twice a second,
// and prints as JSON the machine's busy and idle core-seconds over the run and the CPU time by kind of
// process (Chromium's renderers, its browser process, the end-to-end servers, the test runners…).
// Linux only; a machine without /proc cannot be measured, and the benchmark fails.
// Usage: node bench/cpu-by-process.mjs node scripts/test.mjs e2e
// The command's own output goes to stderr; stdout carries the JSON only. Exits with the command's code.
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { cpus } from 'node:os'

const SAMPLE_MS = 500
/** Clock ticks a second, as /proc counts CPU time (USER_HZ: 100 on every Linux build in use). */
const TICKS = 100

const command = process.argv.slice(2)
if (command.length === 0) throw new Error('usage: node bench/cpu-by-process.mjs <command> [arguments…]')

/** The machine's total and idle (idle + iowait) core-seconds since boot, from /proc/stat's first line. */
function machineSeconds() {
  // user, nice, system, idle, iowait, irq, softirq, steal: the guest times after them are already in user.
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number)
  if (fields.length < 5 || fields.some((value) => !Number.isFinite(value)))
    throw new Error('/proc/stat has no CPU line this benchmark can read')
  const total = fields.reduce((sum, value) => sum + value, 0)
  return { total: total / TICKS, idle: (fields[3] + fields[4]) / TICKS }
}

/** What kind of process a command line is: the names this report sums by. */
function kindOf(cmdline, comm, parent) {
  // The kernel's own threads are kthreadd and its children; another process without a command line has
  // exited and awaits its parent.
  if (parent === '2' || comm === 'kthreadd') return `kernel: ${comm.replace(/\/\d+(:\d+)?/, '/N')}`
  if (cmdline === '') return `exited: ${comm}`
  if (/chrom(e|ium)/.test(cmdline.split(' ')[0])) {
    const type = /--type=(\S+)/.exec(cmdline)?.[1]
    if (!type) return 'chromium: browser'
    if (type !== 'utility') return `chromium: ${type}`
    return `chromium: utility ${/--utility-sub-type=(\S+)/.exec(cmdline)?.[1] ?? ''}`.trim()
  }
  if (/(^|\/)node\s/.test(cmdline + ' ') || /\/node_modules\/\.bin\//.test(cmdline)) {
    if (/e2e-server-\d+\/main\.js/.test(cmdline)) return 'node: end-to-end server'
    if (/dist\/server\/main\.js/.test(cmdline)) return 'node: built server'
    if (/\s--test\b/.test(cmdline)) return 'node: test runner'
    if (/web-test-runner/.test(cmdline)) return 'node: web-test-runner'
    if (/rollup|scripts\/build/.test(cmdline)) return 'node: build'
    return `node: ${cmdline.split(' ').slice(1, 3).join(' ').slice(0, 60)}`
  }
  if (/esbuild/.test(cmdline)) return 'esbuild'
  return cmdline.split(' ')[0].split('/').pop().slice(0, 40)
}

/** CPU seconds seen so far of every process, by pid and start time (pids are reused). */
const seen = new Map()
function sampleProcesses() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    let stat
    let cmdline
    let comm
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
    } catch {
      continue // It ended between the listing and the read.
    }
    // Fields after the command name (which may hold spaces): ppid is the 4th, utime and stime the 14th
    // and 15th, starttime the 22nd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS
    const key = `${pid}@${fields[19]}`
    const known = seen.get(key)
    if (known) known.seconds = Math.max(known.seconds, seconds)
    // A process first seen after the command started spent all its CPU time within the run.
    else seen.set(key, { kind: kindOf(cmdline, comm, fields[1]), seconds, before: 0 })
  }
}

const machineBefore = machineSeconds()
sampleProcesses()
// What ran before the command counts from here on only.
for (const entry of seen.values()) entry.before = entry.seconds
const startedAt = performance.now()
const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 2, 2] })
const sampler = setInterval(sampleProcesses, SAMPLE_MS)
const exitCode = await new Promise((resolve, reject) => {
  child.once('error', reject)
  child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
})
clearInterval(sampler)
sampleProcesses()
const wallSeconds = (performance.now() - startedAt) / 1000
const machineAfter = machineSeconds()

const byKind = new Map()
for (const { kind, seconds, before } of seen.values())
  if (seconds - before >= 0.05) byKind.set(kind, (byKind.get(kind) ?? 0) + seconds - before)
const total = machineAfter.total - machineBefore.total
const idle = machineAfter.idle - machineBefore.idle
const round = (value) => Number(value.toFixed(1))
console.log(
  JSON.stringify(
    {
      bench: 'cpu-by-process',
      command: command.join(' '),
      exitCode,
      wallSeconds: round(wallSeconds),
      cores: cpus().length,
      machineCoreSeconds: { total: round(total), busy: round(total - idle), idle: round(idle) },
      busyCoresOnAverage: Number(((total - idle) / wallSeconds).toFixed(2)),
      // Read every 500 ms: a process's last half second before it ends is not counted, so the kinds
      // add up to a little less than the machine's busy time (which /proc/stat counts exactly).
      coreSecondsByKind: Object.fromEntries(
        [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, seconds]) => [kind, round(seconds)]),
      ),
    },
    null,
    2,
  ),
)
process.exitCode = exitCode
