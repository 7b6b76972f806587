/**
 * `npm run package:check` (a step of `npm test`): builds if the bundles are missing or older than
 * the sources, packages electron-builder's `dir` target for Linux, then checks the packaged tree as
 * a user's machine will see it (scripts/package/*). Each check passes or fails on its own line;
 * `--json-out <file>` writes them for `npm test`'s total.
 *
 *   npm run package:check                        stand-in runtime (a copy of Node), offline
 *   npm run package:check -- --electron real     node_modules/electron/dist (internet machines)
 *   npm run package:check -- --feed-url <url>    the update feed to name (default a placeholder;
 *                                                `none`: a build without updates)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { parse } from 'yaml'
import { debScriptProblems, launcherProblems, windowsLauncherProblems } from './package/command-line'
import { packagedDesktopIdProblems } from './package/desktop-id'
import { fuseProblems, readFuseWire } from './package/fuses'
import { inspectApp } from './package/layout'
import { nativeTargetProblems, packagedNativeProblems } from './package/native-module'
import { packDir } from './package/pack'
import {
  feedNameProblems,
  macArchProblems,
  resignProblems,
  windowsSchemeProblems,
  type ReleaseConfig
} from './package/release-facts'
import { electronDist, type RuntimeKind } from './package/runtime'

const root = resolve(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: {
    electron: { type: 'string', default: 'stand-in' },
    // Packaged as a release is: naming an update feed (a reserved name, never fetched); `none`
    // packages a self-built copy, which has no feed.
    'feed-url': { type: 'string', default: 'https://updates.onair.invalid/' },
    'json-out': { type: 'string' }
  }
})
const kind = flags.electron as RuntimeKind
const feedUrl = flags['feed-url'] === 'none' ? undefined : flags['feed-url']
if (kind !== 'stand-in' && kind !== 'real') throw new Error('--electron is stand-in or real')

const started = performance.now()
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  version: string
  productName: string
}
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as ReleaseConfig & {
  executableName?: string
  win?: { executableName?: string }
  linux: { executableName: string; syncDesktopName?: boolean }
  deb: { afterInstall: string; afterRemove: string }
}

/** The newest modification under a folder (sources) or of a file (bundles). */
function newest(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .reduce((max, d) => Math.max(max, statSync(join(d.parentPath, d.name)).mtimeMs), 0)
}
const bundles = ['out/main/index.js', 'out/main/app-files.js', 'out/cli/onair.cjs'].map((f) => join(root, f))
const stale =
  bundles.some((b) => !existsSync(b)) ||
  Math.min(...bundles.map(newest)) < Math.max(...['src', 'resources', 'package.json'].map((p) => newest(join(root, p))))
if (stale) {
  console.log('package:check: the bundles are missing or older than the sources; building')
  if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1)
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined)
const scratch = mkdtempSync(join(tmpdir(), 'onair-package-'))
const results: { name: string; problems: string[] }[] = []
const check = async (name: string, problems: () => string[] | Promise<string[]>) => {
  try {
    results.push({ name, problems: await problems() })
  } catch (e) {
    results.push({ name, problems: [e instanceof Error ? e.message : String(e)] })
  }
}
// The release's own facts, from the config alone: what only the hosted build would show.
await check('fuses re-signed for an unsigned macOS build', () => resignProblems(config))
await check('every file the update feed names is named without spaces, one per architecture', () =>
  feedNameProblems(config, pkg)
)
await check('macOS builds for Intel and Apple Silicon', () => macArchProblems(config))
await check('each target carries the credential store’s binary for its system and architecture, unpacked', () =>
  nativeTargetProblems(config, JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')))
)
await check('the Windows installer registers and removes the link schemes', () =>
  windowsSchemeProblems(config, (file) => readIfThere(join(root, file)))
)
try {
  const { appOut, executable } = await packDir(root, join(scratch, 'dist'), {
    electronDist: electronDist(root, kind, scratch),
    feedUrl
  })
  const app = await inspectApp(appOut, config.linux.syncDesktopName, feedUrl)
  await check(
    'app.asar holds only out/ (no maps), package.json, resources/ and the native module',
    () => app.problems.asar
  )
  await check('this package carries the native module, its binary for this system and their licences, unpacked', () =>
    packagedNativeProblems(join(appOut, 'resources'), process.platform, process.arch)
  )
  await check('every file the main process opens is at the path its bundle computes', () => app.problems.runtimeFiles)
  await check('the Linux .desktop name matches the window', () => app.problems.desktopName)
  await check('the desktop id is reverse-DNS and the one the app names', () => packagedDesktopIdProblems(appOut))
  await check(
    feedUrl ? `the update feed ${feedUrl} is where the updater reads it` : 'no update feed given, none packaged',
    () => app.problems.feed
  )
  await check('fuses as electron-builder.yml sets them', async () => fuseProblems(await readFuseWire(executable)))
  await check('onair --version, --help, whoami through a symlink to resources/bin/onair', () =>
    launcherProblems(appOut, join(scratch, 'launcher'), pkg.version)
  )
  await check('the deb links /usr/bin/onair at install and removes it at removal', () =>
    debScriptProblems(
      appOut,
      join(scratch, 'deb'),
      { afterInstall: join(root, config.deb.afterInstall), afterRemove: join(root, config.deb.afterRemove) },
      { executable: config.linux.executableName, sanitizedProductName: pkg.productName },
      pkg.version
    )
  )
  await check('resources\\bin\\onair.cmd names the Windows executable and the unpacked CLI', () =>
    windowsLauncherProblems(appOut, config.win?.executableName ?? config.executableName ?? pkg.productName)
  )
  const mib = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MiB`
  const runtime = statSync(executable).size
  console.log(
    `\npackaged with the ${kind} runtime: app.asar ${mib(app.bytes.asar)}; unpacked app ${mib(app.bytes.app)}, ` +
      `of which the runtime binary ${mib(runtime)} and the rest ${mib(app.bytes.app - runtime)}`
  )
} catch (e) {
  results.push({ name: 'package the dir target', problems: [e instanceof Error ? e.message : String(e)] })
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

for (const { name, problems } of results) {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name}`)
  for (const p of problems) console.log(`       ${p}`)
}
const failed = results.filter((r) => r.problems.length).length
console.log(
  `package:check: ${results.length - failed} passed, ${failed} failed in ${((performance.now() - started) / 1000).toFixed(1)} s`
)
if (flags['json-out']) writeFileSync(flags['json-out'], JSON.stringify({ passed: results.length - failed, failed }))
process.exit(failed ? 1 : 0)
