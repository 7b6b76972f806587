/**
 * How the app tells a signed Mac build from an unsigned one: codesign(1)'s `-dv` report, here
 * written by a stand-in `codesign` on the PATH (codesign prints it on stderr, exit 0 when signed).
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { signedByDeveloper } from '../../../src/main/shell/mac-signature'
import { tempDir } from '../../support/temp-dir'

const path = process.env['PATH']
afterEach(() => {
  process.env['PATH'] = path
})

function codesignSays(report: string, status = 0): string {
  const bin = tempDir('onair-codesign-')
  const args = join(bin, 'args')
  writeFileSync(
    join(bin, 'codesign'),
    `#!/bin/sh\necho "$@" > '${args}'\nprintf '%s\\n' '${report}' >&2\nexit ${status}\n`
  )
  chmodSync(join(bin, 'codesign'), 0o755)
  process.env['PATH'] = `${bin}:${path}`
  return args
}

it('a Developer ID signature counts as signed, asked of the bundle, not the executable', () => {
  const args = codesignSays('Authority=Developer ID Application: Onair (TEAM)')
  expect(signedByDeveloper('/Applications/Onair.app/Contents/MacOS/Onair')).toBe(true)
  expect(readFileSync(args, 'utf8').trim()).toBe('-dv /Applications/Onair.app')
})

it('an ad-hoc signature, an unsigned build or no codesign at all count as unsigned', () => {
  codesignSays('Signature=adhoc')
  expect(signedByDeveloper('/Applications/Onair.app/Contents/MacOS/Onair')).toBe(false)
  codesignSays('code object is not signed at all', 1)
  expect(signedByDeveloper('/Applications/Onair.app/Contents/MacOS/Onair')).toBe(false)
  process.env['PATH'] = tempDir('onair-empty-path-')
  expect(signedByDeveloper('/Applications/Onair.app/Contents/MacOS/Onair')).toBe(false)
})
