import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

interface LockEntry {
  version?: string
  resolved?: string
  integrity?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  dev?: boolean
  devOptional?: boolean
  peer?: boolean
  [key: string]: unknown
}

/** What `npm pack --json` says about one tarball. */
export interface PackResult {
  filename: string
  files: { path: string }[]
}

/** Packs the repository (its built dist/) into `destination`; `dryRun` only lists what would be packed. */
export async function npmPack(destination: string, dryRun = false): Promise<PackResult> {
  const args = ['pack', '--json', '--pack-destination', destination, ...(dryRun ? ['--dry-run'] : [])]
  const { stdout } = await run('npm', args, { maxBuffer: 16 * 1024 * 1024 })
  const [result] = JSON.parse(stdout) as PackResult[]
  if (!result) throw new Error(`npm pack printed no result:\n${stdout}`)
  return result
}

/**
 * Writes a host project into `dir` that depends on the packed tarball and on React and React DOM, with a
 * lockfile taken from this repository's (same versions, same integrity hashes), so `npm ci --offline`
 * installs it from npm's cache without the network, as a host's `npm install` would lay it out.
 */
export async function writeHostProject(dir: string, tarball: string): Promise<void> {
  const repoLock = JSON.parse(await readFile('package-lock.json', 'utf8')) as {
    packages: Record<string, LockEntry>
  }
  const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
    version: string
    dependencies: Record<string, string>
    peerDependencies: Record<string, string>
  }
  const packages = repoLock.packages
  const chosen: Record<string, LockEntry> = {}

  // Node's lookup: the requiring package's own node_modules first, then each parent's, then the top.
  const locate = (from: string, name: string): string | null => {
    let base = from
    for (;;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
      if (packages[candidate]) return candidate
      if (!base) return null
      const at = base.lastIndexOf('/node_modules/')
      base = at < 0 ? '' : base.slice(0, at)
    }
  }
  const add = (from: string, name: string, optional = false): void => {
    const path = locate(from, name)
    if (!path) {
      if (optional) return
      throw new Error(`${name}, needed by ${from || 'the host'}, is not in package-lock.json`)
    }
    if (chosen[path]) return
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path]!
    chosen[path] = entry
    for (const dependency of Object.keys(entry.dependencies ?? {})) add(path, dependency)
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) add(path, dependency, true)
    for (const dependency of Object.keys(entry.peerDependencies ?? {}))
      add(path, dependency, entry.peerDependenciesMeta?.[dependency]?.optional === true)
  }
  for (const dependency of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)])
    add('', dependency)

  const dependencies = {
    'agent-console': `file:${tarball}`,
    react: packages['node_modules/react']!.version!,
    'react-dom': packages['node_modules/react-dom']!.version!,
  }
  const lock = {
    name: 'host',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'host', dependencies },
      'node_modules/agent-console': {
        version: manifest.version,
        resolved: `file:${tarball}`,
        dependencies: manifest.dependencies,
        peerDependencies: manifest.peerDependencies,
      },
      ...chosen,
    },
  }
  const pkg = { name: 'host', private: true, type: 'module', dependencies }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`)
}

/** Runs npm in `dir`; resolves with what it printed on stdout, rejects when npm fails. */
export async function npmIn(dir: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 })
  return stdout
}
