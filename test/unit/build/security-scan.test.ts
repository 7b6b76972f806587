/**
 * The security gate (scripts/security-scan.mjs) reads Electronegativity's findings from its
 * programmatic API, not from the CSV the command line writes with two racing writes. It must still
 * fail on a real finding, every time.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without type declarations
import { scan, verdict } from '../../../scripts/security-scan.mjs'
import { tempDir } from '../../support/temp-dir'

type Finding = { check: string; severity: string; confidence: string; file: string; location: string }
type Scan = { findings: Finding[]; unreadable: Array<{ file: string; message: string }> }
const scanFolder = scan as (folder: string, version: string, exclude?: string[]) => Promise<Scan>
const decide = verdict as (s: Scan) => { pass: boolean; lines: string[] }

const scratch = tempDir('onair-eneg-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
// The one check that fetches Electron's release list: offline it only waits.
const OFFLINE = ['AvailableSecurityFixesGlobalCheck']

function app(name: string, main: string): string {
  const dir = join(scratch, name)
  mkdirSync(join(dir, 'main'), { recursive: true })
  writeFileSync(join(dir, 'main/index.js'), main)
  return dir
}

describe('security gate', () => {
  it('fails, naming the check and the place, on a window without isolation or sandbox', async () => {
    const dir = app(
      'insecure',
      `const { BrowserWindow } = require('electron')
new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } })
`
    )
    const results = await Promise.all([1, 2, 3].map(() => scanFolder(dir, '45.4.1', OFFLINE)))
    // Three scans at once give the same answer: nothing is read back from a file.
    for (const r of results) expect(r).toEqual(results[0])
    const decision = decide(results[0] as Scan)
    expect(decision.pass).toBe(false)
    expect(decision.lines).toContain('security: UNREVIEWED HIGH/FIRM CONTEXT_ISOLATION_JS_CHECK at main/index.js:2:61')
    expect(decision.lines).toContain('security: UNREVIEWED MEDIUM/FIRM SANDBOX_JS_CHECK at main/index.js:2:86')
  }, 60_000)

  it('passes reviewed findings only', () => {
    const reviewed: Finding = {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'TENTATIVE',
      file: 'main/index.js',
      location: '1:1'
    }
    const decision = decide({ findings: [reviewed, reviewed], unreadable: [] })
    expect(decision.pass).toBe(true)
    expect(decision.lines).toEqual([
      'security: 2 × OPEN_EXTERNAL_JS_CHECK reviewed (URLs are checked to be http(s) before any openExternal)',
      'security: 2 findings, 0 unreviewed, 0 not scanned'
    ])
  })

  it('fails on a file it could not read, naming it: nobody checked that file', () => {
    const decision = decide({
      findings: [],
      unreadable: [{ file: 'main/index.js', message: 'Unknown node type ClassPrivateProperty.' }]
    })
    expect(decision.pass).toBe(false)
    expect(decision.lines).toContain('security: NOT SCANNED (Unknown node type ClassPrivateProperty.): main/index.js')
  })
})
