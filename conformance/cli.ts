// `npx agent-console-contract <url>`: checks a backend against the console's contract and prints one
// line per check. Exit code 0 when every check passed, 1 when one failed, 2 on a usage error.
import { parseArgs } from 'node:util'
import { runFlows } from './flows'
import { Report } from './report'

const USAGE = `Usage: agent-console-contract <url> [--api <url>] [--email <agent>] [--password <secret>] [--timeout <ms>]

  <url>       origin of the backend (socket.io on /ws, /version.txt), e.g. http://localhost:3000
  --api       API base (default <url>/api)
  --email     an agent (level 5) serving at least one segment (default ana@demo.test)
  --password  their password (default the reference server's demo password)
  --timeout   how long to wait for each answer or event, in ms (default 10000)`

/**
 * Runs the kit with command-line arguments; resolves with the exit code.
 *
 * @example
 * process.exitCode = await main(['http://localhost:3000'])
 */
export async function main(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        api: { type: 'string' },
        email: { type: 'string', default: 'ana@demo.test' },
        password: { type: 'string', default: 'Demo1234!' },
        timeout: { type: 'string', default: '10000' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const [url] = parsed.positionals
  const timeoutMs = Number(parsed.values.timeout)
  if (parsed.values.help || !url || !/^https?:\/\//.test(url) || !(timeoutMs > 0)) {
    print(USAGE)
    return parsed.values.help ? 0 : 2
  }
  const origin = url.replace(/\/+$/, '')
  const report = new Report(print)
  print(`agent-console-contract: checking ${origin}`)
  await runFlows(
    {
      url: origin,
      api: (parsed.values.api ?? `${origin}/api`).replace(/\/+$/, ''),
      email: parsed.values.email,
      password: parsed.values.password,
      timeoutMs,
    },
    report,
  )
  const failed = report.checks.filter((check) => !check.ok).length
  print(`${report.checks.length - failed} passed, ${failed} failed`)
  return failed === 0 ? 0 : 1
}

process.exitCode = await main(process.argv.slice(2))
