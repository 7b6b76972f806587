import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import type { CachedProgram } from '../../../src/shared/schedule'
import { startEmulator, type Emulator } from '../../emulator/index'
import { fakeIo } from '../../support/fake-io'
import { runOnair } from './spawn-onair'
import { tempDir } from '../../support/temp-dir'
import { signedInEnv } from '../../support/signed-in-env'

/** `onair upcoming --ics`: what it writes is read back with ical.js and compared with `--json`. */
function events(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c)
    return {
      uid: e.uid,
      start: e.startDate.toJSDate().toISOString(),
      summary: e.summary,
      location: e.location,
      alarms: c.getAllSubcomponents('valarm').length
    }
  })
}

describe('onair upcoming --ics', () => {
  let emu: Emulator
  let env: Record<string, string>
  let programs: CachedProgram[]
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
    env = await signedInEnv(emu)
    const io = fakeIo(env)
    expect(await runCli(['upcoming', '--json'], io)).toBe(0)
    programs = JSON.parse(io.stdout[0]!).programs
  })
  afterAll(() => emu.close())

  it('stdout: one event per program, with its start, title, episode and channel; offline: the saved schedule', async () => {
    const io = fakeIo(env)
    expect(await runCli(['upcoming', '--ics'], io)).toBe(0)
    expect(io.stdout).toEqual([])
    expect(io.written.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(io.written.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const expected = programs.map((p) => ({
      uid: `program-${p.id}@onair`,
      start: p.startedAt,
      summary: expect.stringContaining(p.work.title),
      location: p.channel.name,
      alarms: 0
    }))
    expect(events(io.written)).toEqual(expected)

    emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 2 })
    try {
      const offline = fakeIo(env)
      expect(await runCli(['upcoming', '--ics', '--alarms'], offline)).toBe(0)
      expect(offline.stderr.join('\n')).toContain('Showing the schedule saved at')
      // Default lead times 10 and 0: two alarms on every event, except on a later airing of an
      // episode already on the schedule (one reminder per episode, the default).
      const ringing = new Set<number>()
      const first = programs.map((p) => !p.episode || (!ringing.has(p.episode.id) && !!ringing.add(p.episode.id)))
      expect(first.filter((f) => !f).length).toBeGreaterThan(0)
      expect(events(offline.written)).toEqual(expected.map((e, i) => ({ ...e, alarms: first[i] ? 2 : 0 })))
    } finally {
      emu.faults.clear()
    }
  })

  it('usage: a file or --alarms without --ics, or --ics with --json, exit 2 and write nothing', async () => {
    for (const args of [
      ['upcoming', 'out.ics'],
      ['upcoming', '--alarms'],
      ['upcoming', '--ics', '--json']
    ]) {
      const io = fakeIo(env)
      expect(await runCli(args, io)).toBe(2)
      expect(io.written).toBe('')
    }
  })

  it('as real processes: FILE is written whole by each of three at once; a FILE that cannot be written exits 1 with the reason', async () => {
    const dir = tempDir('onair-ics-out-')
    const file = join(dir, 'onair.ics')
    const runs = await Promise.all([0, 1, 2].map(() => runOnair(['upcoming', '--ics', file], env)))
    for (const run of runs) expect(run).toMatchObject({ code: 0, stdout: '' })
    const written = readFileSync(file, 'utf8')
    expect(events(written).map((e) => e.uid)).toEqual(programs.map((p) => `program-${p.id}@onair`))

    const stdout = await runOnair(['upcoming', '--ics', '-'], env)
    expect(stdout.code).toBe(0)
    expect(events(stdout.stdout)).toEqual(events(written))

    // A folder where the file should go: the rename fails, the folder is left as it was.
    const taken = join(dir, 'is-a-folder')
    mkdirSync(taken)
    const failed = await runOnair(['upcoming', '--ics', taken], { ...env, LANG: 'ja_JP.UTF-8' })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(`${taken} に書き込めませんでした`)
    expect(readdirSync(taken)).toEqual([])
  }, 30_000)
})
