import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlSafeNotifier, memoryNotifier } from '../../../src/main/core/notify'
import { escapeControls } from '../../../src/main/core/safe-text'
import { parseWebhookEvent } from '../../../src/main/core/wiki/webhooks'
import { startEmulator, type Emulator } from '../../emulator'
import { runOnair } from './spawn-onair'
import { tempDir } from '../../support/temp-dir'

// ESC [31m (red), CSI as one C1 character, OSC 52 (clipboard write) via C1, a right-to-left
// override, a first-strong isolate, CR (overwrites the line), DEL.
const HOSTILE = 'A\u001b[31mB\u009b2JC\u009d52;c;aGk=\u0007D\u202eE\u2068F\rG\u007fH'
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

describe('escapeControls (one rule for every printed line and notification)', () => {
  it('escapes C0 but LF/TAB, DEL, C1 and bidi controls as visible \\uXXXX; leaves other text alone', () => {
    expect(escapeControls(HOSTILE)).toBe(
      'A\\u001b[31mB\\u009b2JC\\u009d52;c;aGk=\\u0007D\\u202eE\\u2068F\\u000dG\\u007fH'
    )
    expect(escapeControls('line 1\n\tline 2 — 日本語 ✓ \u00a0é')).toBe('line 1\n\tline 2 — 日本語 ✓ \u00a0é')
    for (let c = 0; c <= 0x2070; c++) {
      const ch = String.fromCharCode(c)
      expect(UNSAFE.test(escapeControls(ch)), c.toString(16)).toBe(false)
    }
  })

  it('applied to a JSON line, keeps it valid JSON that decodes to exactly what was received', () => {
    const line = escapeControls(JSON.stringify({ title: HOSTILE }))
    expect(line).not.toMatch(UNSAFE)
    expect(JSON.parse(line)).toEqual({ title: HOSTILE })
  })

  it('notification titles and bodies follow the same rule', () => {
    const shown = memoryNotifier()
    controlSafeNotifier(shown).show({ id: 'x', title: HOSTILE, body: `1\n${HOSTILE}` })
    expect(shown.shown[0]).toEqual({ id: 'x', title: escapeControls(HOSTILE), body: `1\n${escapeControls(HOSTILE)}` })
  })

  it('a webhook type with C1 or bidi controls is refused like one with C0', () => {
    for (const type of ['a\u0085b', 'x\u202ey', 'z\u2066', 'q\u001b[2J'])
      expect(parseWebhookEvent({ type }), JSON.stringify(type)).toMatchObject({ ok: false, reason: 'missing_type' })
  })
})

describe('onair inbox as a real process: wiki titles reach the terminal escaped', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
    emu.wiki.addNotification({ title: HOSTILE })
  })
  afterAll(() => emu.close())
  const env = () => ({
    ONAIR_DATA_DIR: join(tempDir('onair-cli-safety-'), 'data'),
    ONAIR_WIKI_URL: emu.baseUrl,
    ONAIR_WIKI_TOKEN: emu.tokens.wiki
  })

  it('text mode and --json: no raw control character on stdout; JSON still holds the exact title', async () => {
    const text = await runOnair(['inbox'], env())
    expect(text.code).toBe(0)
    expect(text.stdout.replace(/\n/g, '')).not.toMatch(UNSAFE)
    expect(text.stdout).toContain(escapeControls(HOSTILE))

    const json = await runOnair(['inbox', '--json'], env())
    expect(json.code).toBe(0)
    expect(json.stdout.replace(/\n$/, '')).not.toMatch(UNSAFE)
    const items = JSON.parse(json.stdout) as { title: string }[]
    expect(items.map((i) => i.title)).toContain(HOSTILE)
  })
})
