#!/usr/bin/env node
// Electronegativity over the built app (`out/`): fails on any finding that is not one of the
// reviewed ones below, each of which names why it is safe here. The tool itself always exits 0,
// so the verdict is read from its CSV.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const electron = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version
const csv = join(mkdtempSync(join(tmpdir(), 'onair-eneg-')), 'findings.csv')
const r = spawnSync('npx', ['electronegativity', '-i', 'out', '-e', electron, '-r', '-v', 'false', '-o', csv], {
  encoding: 'utf8'
})
if (r.status !== 0) {
  console.error(r.stderr)
  process.exit(1)
}

/** check id → why the finding is accepted. Anything else fails the scan. */
const REVIEWED = {
  // Every openExternal call passes through core.openExternal / hardenAllWebContents, which allow
  // only http(s) URLs (isHttpUrl), tested in test/unit/app.
  OPEN_EXTERNAL_JS_CHECK: 'URLs are checked to be http(s) before any openExternal',
  // The preload exposes only invoke/on for contract names (test/e2e/app.spec.ts, electron spec).
  PRELOAD_JS_CHECK: 'the preload exposes only the typed contract',
  // The tool flags 'self' and https: images; the CSP has no unsafe-* and no remote scripts.
  CSP_GLOBAL_CHECK: "strict CSP: script-src 'self', object-src 'none', no unsafe-inline/eval"
}

/** RFC 4180 rows: the tool's `sample` column quotes code, which may hold commas, quotes and newlines. */
function parseCsv(text) {
  const rows = [[]]
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === '\n') {
      rows.at(-1).push(field.trim())
      field = ''
      if (c === '\n') rows.push([])
    } else if (c !== '\r') field += c
  }
  rows.at(-1).push(field.trim())
  return rows.filter((r) => r.some((f) => f !== ''))
}

const findings = parseCsv(readFileSync(csv, 'utf8'))
  .slice(1)
  .map(([check, severity, confidence, file, location]) => ({ check, severity, confidence, file, location }))
const unreviewed = findings.filter((f) => !(f.check in REVIEWED))
for (const [check, why] of Object.entries(REVIEWED)) {
  const n = findings.filter((f) => f.check === check).length
  if (n) console.log(`security: ${n} × ${check} reviewed (${why})`)
}
for (const f of unreviewed)
  console.log(`security: UNREVIEWED ${f.severity}/${f.confidence} ${f.check} at ${f.file}:${f.location}`)
console.log(`security: ${findings.length} findings, ${unreviewed.length} unreviewed (Electron ${electron})`)
process.exit(unreviewed.length ? 1 : 0)
