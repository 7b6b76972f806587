#!/usr/bin/env node
// Electronegativity over the app's sources (`src/`: main, preload, the renderer's page and its CSP):
// fails on any finding that is not one of the reviewed ones below, each of which names why it is
// safe here, and on any file it cannot read. The sources, not the bundles: the tool's parser does
// not know class private members, which the bundled libraries (conf, Svelte) use, and a main
// bundle it could not read left its global checks (navigation, permissions) with nothing to see. The tool itself always exits 0,
// so the verdict is taken from its results, read through its programmatic API: the command line's
// CSV is written with two overlapping asynchronous writes (header and rows), and now and then the
// first row was clobbered and the gate failed on a finding nobody introduced. No file, no race.
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)

/** check id → why the finding is accepted. Anything else fails the scan. */
export const REVIEWED = {
  // Every openExternal call passes through core.openExternal / hardenAllWebContents, which allow
  // only http(s) URLs (isHttpUrl), tested in test/unit/app and test/unit/shell.
  OPEN_EXTERNAL_JS_CHECK: 'URLs are checked to be http(s) before any openExternal',
  PROTOCOL_HANDLER_JS_CHECK:
    'onair:// is claimed only by installed builds; every link is parsed by the zod schema in shared/onair-link.ts and anything else is refused (shell/links.ts)',
  // The preload exposes only invoke/on for contract names (test/e2e/app.spec.ts, electron spec).
  PRELOAD_JS_CHECK: 'the preload exposes only the typed contract',
  // The tool flags 'self' and https: images; the CSP has no unsafe-* and no remote scripts.
  CSP_GLOBAL_CHECK: "strict CSP: script-src 'self', object-src 'none', no unsafe-inline/eval"
}

/**
 * Runs Electronegativity on `folder` in this process: its findings and the files it could not
 * read. `exclude` names checks to skip (tests skip the one that downloads Electron's releases).
 */
export async function scan(folder, electronVersion, exclude = []) {
  const run = require('@doyensec/electronegativity')
  const { issues, errors } = await run({
    input: resolve(folder),
    electronVersionOverride: electronVersion,
    isRelative: true,
    isVerbose: false,
    customScan: [],
    excludeFromScan: exclude,
    parserPlugins: []
  })
  return {
    findings: issues.map((i) => ({
      check: i.id,
      severity: i.severity.name,
      confidence: i.confidence.name,
      file: i.file,
      location: `${i.location.line}:${i.location.column}`
    })),
    unreadable: errors.filter((e) => !e.tolerable).map((e) => ({ file: e.file, message: e.message }))
  }
}

/** The gate's decision: lines to print and whether it passes. */
export function verdict({ findings, unreadable }, reviewed = REVIEWED) {
  const lines = []
  const unreviewed = findings.filter((f) => !Object.hasOwn(reviewed, f.check))
  for (const [check, why] of Object.entries(reviewed)) {
    const n = findings.filter((f) => f.check === check).length
    if (n) lines.push(`security: ${n} × ${check} reviewed (${why})`)
  }
  for (const f of unreviewed)
    lines.push(`security: UNREVIEWED ${f.severity}/${f.confidence} ${f.check} at ${f.file}:${f.location}`)
  // A file the tool could not read is a file nobody checked.
  for (const u of unreadable) lines.push(`security: NOT SCANNED (${u.message}): ${u.file}`)
  lines.push(`security: ${findings.length} findings, ${unreviewed.length} unreviewed, ${unreadable.length} not scanned`)
  return { pass: unreviewed.length === 0 && unreadable.length === 0, lines }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const electron = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version
  const result = verdict(await scan('src', electron))
  for (const line of result.lines) console.log(line)
  console.log(`security: Electron ${electron}`)
  process.exit(result.pass ? 0 : 1)
}
