#!/usr/bin/env node
// `npm test`: everything that can run on this machine — the build the renderer tests load, the
// type-check of main, preload and renderer, Prettier and ESLint, the Electron security scan of the
// sources, the renderer's size budget, the packaged layout (scripts/package-check.ts), unit tests
// under Node (all on the scripts' Node 24, those that depend on the Node again on the lowest
// supported one), renderer tests in Chromium, a one-minute soak of the command line
// (scripts/soak.ts), Electron tests (which skip, saying why, where no Electron binary exists) —
// then one closing line that CI reads:
//   total: N passed, N failed, N skipped
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { FLOOR_NODE, FLOOR_PACKAGE, floorNodeBin } from './floor-node.mjs'

const reports = '.reports'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

// The tests run with a temp dir of their own, so whatever they leave there is theirs (other programs
// on the machine keep using the system's); anything left in it, or any new onair-* folder in the
// system temp dir (a child started without TMPDIR), fails the run.
const systemTmp = tmpdir()
const ours = (dir) => new Set(readdirSync(dir).filter((name) => name.startsWith('onair-')))
const before = ours(systemTmp)
const testTmp = mkdtempSync(join(systemTmp, 'onair-test-run-'))
const testEnv = { TMPDIR: testTmp, TMP: testTmp, TEMP: testTmp }
// The tools' own caches, kept there on purpose (tsx's compiled files, Playwright's transforms, jiti's
// compiled configs when a test runs ESLint through its API).
const TOOL_CACHE = /^(tsx-\d+|playwright-transform-cache-\d+|jiti|node-compile-cache)$/

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status ?? 1
}

const steps = []
const build = run('npm', ['run', '--silent', 'build'])
steps.push(['build', build])
steps.push(['typecheck', run('npm', ['run', '--silent', 'typecheck'])])
steps.push(['lint', run('npm', ['run', '--silent', 'lint'])])
if (build === 0) {
  // Electronegativity over the app's sources: every finding must be one reviewed in the script.
  steps.push(['security', run('node', ['scripts/security-scan.mjs'])])
  // The window's JavaScript within its budget.
  steps.push(['budget', run('npx', ['tsx', 'scripts/renderer-budget.ts'])])
  // The app packaged as users get it (electron-builder's dir target, stand-in runtime), then checked.
  steps.push(['package', run('npx', ['tsx', 'scripts/package-check.ts', '--json-out', `${reports}/package.json`])])
}

const vitestArgs = [
  'vitest',
  'run',
  '--coverage',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/vitest.json`
]
steps.push(['unit', run('npx', vitestArgs, testEnv)])

// Again on the lowest supported Node (scripts/floor-node.mjs), first on PATH so that what the tests
// start by name runs on it too. Not all of it: the tests of what the Node that runs them changes (its
// SQLite, its HTTP stack, how it starts a process); the rest is TypeScript over in-memory edges, the
// same on any Node, and a second full run would nearly double the longest step of CI.
const FLOOR_TESTS = [
  // The store on node:sqlite: transactions, processes stopped and killed at chosen points, a damaged file.
  'test/unit/store/',
  // The command line as processes: the built onair run by this Node (the process tests start
  // process.execPath): its entry and launcher, an older Node refused, records and reminders through
  // the folder, several accounts, the daemon restarted, the doctor, files refused.
  'test/unit/build/cli-chunks.test.ts',
  'test/unit/build/cli-launcher.test.ts',
  'test/unit/build/install.test.ts',
  'test/unit/cli/old-node.test.ts',
  'test/unit/cli/shared-folder.test.ts',
  'test/unit/cli/accounts-spawn.test.ts',
  'test/unit/cli/record-spawn.test.ts',
  'test/unit/cli/restart-spawn.test.ts',
  'test/unit/cli/doctor-spawn.test.ts',
  'test/unit/cli/links-spawn.test.ts',
  'test/unit/cli/file-trouble.test.ts',
  // Its HTTP client, proxy and private CA, and the servers the daemon runs.
  'test/unit/http/',
  'test/unit/inbox/receiver.test.ts',
  'test/unit/folder-hold/folder-lock.test.ts'
]
let floorBin
if (!FLOOR_PACKAGE) console.log(`\nunit tests on Node ${FLOOR_NODE}: not run, no npm package for this system`)
else {
  try {
    floorBin = floorNodeBin()
  } catch (e) {
    console.log(`\nunit tests on Node ${FLOOR_NODE}: could not fetch it: ${e.message}`)
    steps.push([`unit-${FLOOR_NODE}`, 1])
  }
}
if (floorBin) {
  const floorArgs = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports}/vitest-floor.json`,
    ...FLOOR_TESTS
  ]
  console.log(`\nunit tests on Node ${FLOOR_NODE} (${floorBin})`)
  steps.push([
    `unit-${FLOOR_NODE}`,
    run(join(floorBin, 'node'), floorArgs, { ...testEnv, PATH: `${floorBin}${delimiter}${process.env.PATH}` })
  ])
}

// The renderer tests load the build; without one they would fail for the wrong reason.
if (build === 0) {
  steps.push([
    'e2e',
    run('npx', ['playwright', 'test'], { ...testEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` })
  ])
  // The short soak (about a minute): the built onair, many processes on one folder, under faults.
  steps.push([
    'soak',
    run('npx', ['tsx', 'scripts/soak.ts', '--minutes', '1', '--quiet', '--json-out', `${reports}/soak.json`], testEnv)
  ])
}

const leftovers = [
  ...readdirSync(testTmp)
    .filter((name) => !TOOL_CACHE.test(name))
    .map((name) => join(testTmp, name)),
  ...[...ours(systemTmp)]
    .filter((name) => !before.has(name) && join(systemTmp, name) !== testTmp)
    .map((name) => join(systemTmp, name))
]
rmSync(testTmp, { recursive: true, force: true })
if (leftovers.length)
  console.log(`\nleft in the temp dir by the tests (each must remove what it makes):\n  ${leftovers.join('\n  ')}`)
steps.push(['temp', leftovers.length ? 1 : 0])

let passed = 0
let failed = 0
let skipped = 0

// Both vitest runs, each test counted once per Node it ran on.
for (const report of ['vitest.json', 'vitest-floor.json']) {
  if (!existsSync(`${reports}/${report}`)) continue
  const v = JSON.parse(readFileSync(`${reports}/${report}`, 'utf8'))
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
  // A suite that fails to load has no tests to count but is still a failure.
  failed += (v.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length
}
// Where npm publishes no such Node (macOS, Windows) the run said so; one skip counts it.
if (!FLOOR_PACKAGE) skipped += 1
/** Every skipped Playwright test says why; print each distinct reason once so nobody reads a skip as a pass. */
function skipReasons(suite, out = new Map()) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'skipped') continue
      const why = (t.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given'
      out.set(why, (out.get(why) ?? 0) + 1)
    }
  }
  for (const child of suite.suites ?? []) skipReasons(child, out)
  return out
}

if (existsSync(`${reports}/playwright.json`)) {
  const p = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8'))
  const reasons = new Map()
  for (const suite of p.suites ?? []) skipReasons(suite, reasons)
  for (const [why, n] of reasons) console.log(`skipped ${n}: ${why}`)
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0)
  failed += p.stats?.unexpected ?? 0
  skipped += p.stats?.skipped ?? 0
  failed += (p.errors ?? []).length
}

// One pass or fail per soak check (missed, duplicated, repeats and premieres, lost, doubled, …: the
// report says how many); no report at all is one failure.
if (steps.some(([name]) => name === 'soak')) {
  const soak = existsSync(`${reports}/soak.json`) ? JSON.parse(readFileSync(`${reports}/soak.json`, 'utf8')) : undefined
  const checks = soak?.checks ?? 0
  const failedChecks = soak ? soak.failed.length : 1
  passed += soak ? checks - failedChecks : 0
  failed += failedChecks
}

// One pass or fail per packaged-layout check; no report at all is one failure.
if (steps.some(([name]) => name === 'package')) {
  const pack = existsSync(`${reports}/package.json`)
    ? JSON.parse(readFileSync(`${reports}/package.json`, 'utf8'))
    : undefined
  passed += pack?.passed ?? 0
  failed += pack ? pack.failed : 1
}

const brokenSteps = steps.filter(([, code]) => code !== 0).map(([name]) => name)
if (brokenSteps.length && failed === 0) failed = brokenSteps.length
console.log(`\nsteps: ${steps.map(([n, c]) => `${n}=${c === 0 ? 'ok' : 'FAILED'}`).join(' ')}`)
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(brokenSteps.length || failed ? 1 : 0)
