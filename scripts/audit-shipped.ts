/**
 * `npm run audit:shipped`: npm's advisories for the libraries Onair ships. The build inlines every
 * library into out/ (the app's bundles and the command line), so package.json lists them as
 * development dependencies and the npm package installs with none; `npm audit --omit=dev` would
 * then check nothing. This takes the list from the build itself (the packages its source maps
 * name, at the versions installed), runs `npm audit` over the lockfile and keeps what concerns
 * those packages. Needs npm's advisory service: the CI workflow runs it (this machine's registry
 * mirror answers 405).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** node_modules path (as npm audit names nodes, e.g. node_modules/conf/node_modules/env-paths) → name@version. */
export type Shipped = Map<string, string>

const PACKAGE_IN_PATH = /^(?:.*?\/)?((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)*node_modules\/(?:@[^/]+\/)?[^/]+)\//

/** The packages whose files the build put into out/, read from every source map there. */
export function shippedPackages(root: string): Shipped {
  const shipped: Shipped = new Map()
  const out = join(root, 'out')
  const maps = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'))
  for (const map of maps) {
    const { sources } = JSON.parse(readFileSync(join(out, map), 'utf8')) as { sources: string[] }
    for (const source of sources) {
      const node = PACKAGE_IN_PATH.exec(source.replaceAll('\\', '/'))?.[1]
      if (!node || shipped.has(node)) continue
      const pkg = JSON.parse(readFileSync(join(root, node, 'package.json'), 'utf8')) as {
        name: string
        version: string
      }
      shipped.set(node, `${pkg.name}@${pkg.version}`)
    }
  }
  return shipped
}

interface AuditReport {
  error?: { summary?: string }
  message?: string
  vulnerabilities?: Record<
    string,
    { severity: string; nodes: string[]; via: (string | { title: string; url: string; range: string })[] }
  >
}

/** One line per advisory that reaches a shipped package; advisories on build tools are left out. */
export function shippedFindings(report: AuditReport, shipped: Shipped): string[] {
  if (!report.vulnerabilities)
    throw new Error(`npm audit gave no report: ${report.message ?? report.error?.summary ?? '?'}`)
  return Object.entries(report.vulnerabilities).flatMap(([name, v]) =>
    v.nodes
      .filter((node) => shipped.has(node))
      .map((node) => {
        const why = v.via.map((via) => (typeof via === 'string' ? `through ${via}` : `${via.title} ${via.url}`))
        return `${shipped.get(node)} (${v.severity}, ${name}): ${why.join('; ')}`
      })
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '..')
  if (!existsSync(join(root, 'out/main/index.js.map'))) {
    console.error('audit:shipped: run `npm run build` first (the list comes from the build)')
    process.exit(2)
  }
  const shipped = shippedPackages(root)
  console.log(`shipped libraries (${shipped.size}): ${[...new Set(shipped.values())].sort().join(', ')}`)
  const audit = spawnSync('npm', ['audit', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  let findings: string[]
  try {
    findings = shippedFindings(JSON.parse(audit.stdout) as AuditReport, shipped)
  } catch (e) {
    console.error(`audit:shipped: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(2)
  }
  for (const f of findings) console.error(f)
  console.log(`audit:shipped: ${findings.length} advisory(ies) on shipped libraries`)
  process.exit(findings.length ? 1 : 0)
}
