import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { defaultSettings } from '../../../src/shared/settings'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { onairProcess } from './onair-process'
import { runOnair } from './spawn-onair'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'
import { signedInEnv } from '../../support/signed-in-env'

/** `onair config` as real processes over one data folder, as a headless user runs it. */
const folder = () => ({ ONAIR_DATA_DIR: join(tempDir('onair-config-'), 'data') })
const settingsFile = (env: { ONAIR_DATA_DIR: string }) => join(env.ONAIR_DATA_DIR, 'settings.json')

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

/** The calendar feed a running `onair run` serves, once it has picked the subscription up. */
function servedFeed(env: { ONAIR_DATA_DIR: string }, port: number): Promise<string> {
  return vi.waitFor(
    async () => {
      const { secret } = savedDocument<{ secret: string }>(env.ONAIR_DATA_DIR, 'feed')!
      const res = await fetch(`http://127.0.0.1:${port}/${secret}/onair.ics`)
      expect(res.status).toBe(200)
      return res.text()
    },
    { timeout: 10_000, interval: 250 }
  )
}

describe('onair config', () => {
  it('list, set, get and unset with dotted keys, over the same file the app reads', async () => {
    const env = folder()
    const list = await runOnair(['config', 'list'], env)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('calendar.durationMinutes = 30\n')
    expect(list.stdout).toContain('reminders.leadMinutes = [10,0]\n')
    expect(JSON.parse((await runOnair(['config', 'list', '--json'], env)).stdout)).toEqual(defaultSettings())

    const set = await runOnair(['config', 'set', 'reminders.leadMinutes', '0,30,5'], env)
    expect(set).toMatchObject({ code: 0, stdout: 'reminders.leadMinutes = [30,5,0]\n' })
    expect((await runOnair(['config', 'get', 'reminders.leadMinutes'], env)).stdout).toBe('[30,5,0]\n')
    expect(JSON.parse(readFileSync(settingsFile(env), 'utf8')).reminders.leadMinutes).toEqual([30, 5, 0])
    expect((await runOnair(['config', 'set', 'ui.locale', 'ja'], env)).code).toBe(0)
    expect((await runOnair(['config', 'get', 'ui.locale'], env)).stdout).toBe('ja\n')

    expect((await runOnair(['config', 'unset', 'reminders.leadMinutes'], env)).stdout).toBe(
      'reminders.leadMinutes = [10,0]\n'
    )
    expect(JSON.parse(readFileSync(settingsFile(env), 'utf8')).ui.locale).toBe('ja')
  }, 30_000)

  it("get and list only read: a settings file that is not JSON is moved aside, said in the user's language, the defaults shown", async () => {
    const env = folder()
    expect((await runOnair(['config', 'set', 'ui.locale', 'ja'], env)).code).toBe(0)
    writeFileSync(settingsFile(env), '{"ui": {"locale": "ja"')
    const get = await runOnair(['config', 'get', 'ui.locale'], { ...env, LANG: 'ja_JP.UTF-8' })
    expect(get).toMatchObject({ code: 0, stdout: 'system\n' })
    expect(get.stderr).toContain('settings.json')
    expect(get.stderr).toContain('設定は初期値に戻りました')
    const aside = readdirSync(env.ONAIR_DATA_DIR).filter((f) => f.startsWith('settings.json.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(env.ONAIR_DATA_DIR, aside[0]!), 'utf8')).toBe('{"ui": {"locale": "ja"')
    // Nothing was written in its place: a reader leaves the defaults to the next change.
    expect(readdirSync(env.ONAIR_DATA_DIR)).not.toContain('settings.json')
    expect((await runOnair(['config', 'list'], env)).stderr).toBe('')
  })

  it('a value the schema refuses: exit 2, the reason in English and Japanese, the file unchanged', async () => {
    const env = folder()
    expect((await runOnair(['config', 'set', 'calendar.alarms', 'true'], env)).code).toBe(0)
    const before = readFileSync(settingsFile(env), 'utf8')
    const cases: Array<[string[], RegExp, RegExp]> = [
      [['calendar.durationMinutes', '0'], /calendar\.durationMinutes.*>=1/, /1以上/],
      [['ui.locale', 'fr'], /expected one of "system"\|"en"\|"ja"/, /いずれか/],
      [['poll.cron', '* * * * * *'], /more than once a minute/, /1 分に 2 回以上/],
      [['reminders.quietHours.start', '25:00'], /HH:MM/, /設定できません/],
      [['shortcuts.toggleWindow', 'Shift+K'], /shortcuts\.toggleWindow: Add Ctrl, Alt/, /設定できません/],
      [['reminders.mode', 'everything'], /expected one of "all-except-muted"\|"only-picked"/, /いずれか/],
      [['reminders.pickedWorkIds', 'Orbit'], /reminders\.pickedWorkIds/, /設定できません/],
      [['no.such.key', '1'], /There is no setting "no\.such\.key"/, /という設定はありません/]
    ]
    for (const [args, en, ja] of cases) {
      const refused = await runOnair(['config', 'set', ...args], env)
      expect(refused.code).toBe(2)
      expect(refused.stdout).toBe('')
      expect(refused.stderr).toMatch(en)
      expect(refused.stderr).toMatch(ja)
    }
    expect(readFileSync(settingsFile(env), 'utf8')).toBe(before)
    expect((await runOnair(['config', 'set', 'ui.locale'], env)).code).toBe(2)
  }, 30_000)

  it('channel offsets by channel id: set, get, a negative value, unset; a channel name is refused', async () => {
    const env = folder()
    const set = await runOnair(['config', 'set', 'reminders.channels.12.offsetMinutes', '-30'], env)
    expect(set).toMatchObject({ code: 0, stdout: 'reminders.channels.12.offsetMinutes = -30\n' })
    expect((await runOnair(['config', 'set', 'reminders.channels.7.muted', 'true'], env)).code).toBe(0)
    expect((await runOnair(['config', 'get', 'reminders.channels.12'], env)).stdout).toBe(
      '{"offsetMinutes":-30,"muted":false}\n'
    )
    expect((await runOnair(['config', 'set', 'reminders.onePerEpisode', 'false'], env)).code).toBe(0)
    const saved = () => JSON.parse(readFileSync(settingsFile(env), 'utf8')).reminders
    expect(saved().channels).toEqual({
      '12': { offsetMinutes: -30, muted: false },
      '7': { offsetMinutes: 0, muted: true }
    })
    const before = readFileSync(settingsFile(env), 'utf8')
    for (const [key, value] of [
      ['reminders.channels.TOKYO MX.offsetMinutes', '30'],
      ['reminders.channels.12.offsetMinutes', '1441'],
      ['reminders.channels.12.delay', '5'],
      ['reminders.channels.__proto__.offsetMinutes', '5']
    ] as const) {
      const refused = await runOnair(['config', 'set', key, value], env)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toMatch(/channel id|<=1440|There is no setting/)
    }
    expect(readFileSync(settingsFile(env), 'utf8')).toBe(before)
    expect((await runOnair(['config', 'unset', 'reminders.channels.12'], env)).code).toBe(0)
    expect(saved().channels).toEqual({ '7': { offsetMinutes: 0, muted: true } })
  }, 30_000)

  it('lead times of one work by its id: 30 before, only at start, none; unset gives back the global list', async () => {
    const env = folder()
    const set = await runOnair(['config', 'set', 'reminders.workLeadMinutes.42', '[0,30]'], env)
    expect(set).toMatchObject({ code: 0, stdout: 'reminders.workLeadMinutes.42 = [30,0]\n' })
    expect((await runOnair(['config', 'set', 'reminders.workLeadMinutes.42', '30,0'], env)).code).toBe(0)
    expect((await runOnair(['config', 'set', 'reminders.workLeadMinutes.7', '[0]'], env)).code).toBe(0)
    expect((await runOnair(['config', 'set', 'reminders.workLeadMinutes.9', '[]'], env)).code).toBe(0)
    const saved = () => JSON.parse(readFileSync(settingsFile(env), 'utf8')).reminders
    expect(saved().workLeadMinutes).toEqual({ '42': [30, 0], '7': [0], '9': [] })
    expect(saved().leadMinutes).toEqual([10, 0])
    const refused = await runOnair(['config', 'set', 'reminders.workLeadMinutes.Starlit.0', '5'], env)
    expect(refused.code).toBe(2)
    const ja = await runOnair(['config', 'set', 'reminders.workLeadMinutes.42', '[2000]'], {
      ...env,
      LANG: 'ja_JP.UTF-8'
    })
    expect(ja.code).toBe(2)
    expect(ja.stderr).toContain('何も変更していません')
    expect((await runOnair(['config', 'unset', 'reminders.workLeadMinutes.42'], env)).code).toBe(0)
    expect(saved().workLeadMinutes).toEqual({ '7': [0], '9': [] })
  }, 30_000)

  it("a work's lead times typed as a comma list before the work has any: saved, and config get shows them", async () => {
    const env = folder()
    const set = await runOnair(['config', 'set', 'reminders.workLeadMinutes.42', '30,0'], env)
    expect(set).toMatchObject({ code: 0, stdout: 'reminders.workLeadMinutes.42 = [30,0]\n', stderr: '' })
    expect((await runOnair(['config', 'set', 'reminders.workLeadMinutes.7', '5'], env)).code).toBe(0)
    expect(JSON.parse(readFileSync(settingsFile(env), 'utf8')).reminders.workLeadMinutes).toEqual({
      '42': [30, 0],
      '7': [5]
    })
    expect((await runOnair(['config', 'get', 'reminders.workLeadMinutes.42'], env)).stdout).toBe('[30,0]\n')
    expect((await runOnair(['config', 'get', 'reminders.workLeadMinutes.7'], env)).stdout).toBe('[5]\n')
  }, 30_000)

  it('three processes changing three settings at once: all three are kept', async () => {
    const env = folder()
    const runs = await Promise.all([
      runOnair(['config', 'set', 'calendar.durationMinutes', '24'], env),
      runOnair(['config', 'set', 'reminders.hideRebroadcasts', 'true'], env),
      runOnair(['config', 'set', 'ui.dayBoundary', '04:00'], env)
    ])
    for (const run of runs) expect(run.code).toBe(0)
    const saved = JSON.parse(readFileSync(settingsFile(env), 'utf8'))
    expect([saved.calendar.durationMinutes, saved.reminders.hideRebroadcasts, saved.ui.dayBoundary]).toEqual([
      24,
      true,
      '04:00'
    ])
  }, 30_000)

  describe('with a running onair run', () => {
    let emu: Emulator
    beforeAll(async () => {
      // A broadcast a minute and a half away, for the channel offset below.
      emu = await startEmulator({ port: 0, soonSeconds: 90 })
    })
    afterAll(() => emu.close())

    const signedIn = () => signedInEnv(emu, folder().ONAIR_DATA_DIR)

    it('picks up a change within seconds: switching the calendar subscription on starts the feed', async () => {
      const env = await signedIn()
      const daemon = onairProcess(['run'], env)
      try {
        await daemon.saw('Schedule updated')
        const port = await freePort()
        expect((await runOnair(['config', 'set', 'calendar.subscribe.port', String(port)], env)).code).toBe(0)
        expect((await runOnair(['config', 'set', 'calendar.subscribe.enabled', 'true'], env)).code).toBe(0)
        expect(await servedFeed(env, port)).toContain('BEGIN:VEVENT')
      } finally {
        daemon.child.kill('SIGTERM')
        expect(await daemon.code).toBe(0)
      }
    }, 40_000)

    // Set while the daemon runs: it re-reads the settings and moves the reminder and the served event.
    it('a channel offset of −1 minute: the reminder comes a minute before the broadcast, saying when, and the feed agrees', async () => {
      const env = await signedIn()
      const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
      const daemon = onairProcess(['run', '--json', '--lead', '0'], env)
      try {
        await daemon.saw('"type":"poll"')
        const set = await runOnair(['config', 'set', `reminders.channels.${soon.channelId}.offsetMinutes`, '-1'], env)
        expect(set).toMatchObject({ code: 0, stdout: `reminders.channels.${soon.channelId}.offsetMinutes = -1\n` })
        expect(JSON.parse(readFileSync(join(env.ONAIR_DATA_DIR, 'settings.json'), 'utf8')).reminders.channels).toEqual({
          [String(soon.channelId)]: { offsetMinutes: -1, muted: false }
        })
        await daemon.saw(`"programId":${SOON_PROGRAM_ID}`)
        const line = daemon
          .stdout()
          .split('\n')
          .filter((l) => l.includes('"type":"reminder"'))
          .map((l) => JSON.parse(l) as Record<string, string>)
        const availableAt = soon.startedAt - 60_000
        expect(line).toEqual([
          {
            type: 'reminder',
            programId: SOON_PROGRAM_ID,
            offsetMinutes: 0,
            startedAt: new Date(soon.startedAt).toISOString(),
            firedAt: expect.any(String),
            availableAt: new Date(availableAt).toISOString()
          }
        ])
        const late = Date.parse(line[0]!.firedAt!) - availableAt
        expect(late).toBeGreaterThanOrEqual(0)
        expect(late).toBeLessThan(1000)

        // The served calendar feed puts the event at the same shifted time.
        const port = await freePort()
        expect((await runOnair(['config', 'set', 'calendar.subscribe.port', String(port)], env)).code).toBe(0)
        expect((await runOnair(['config', 'set', 'calendar.subscribe.enabled', 'true'], env)).code).toBe(0)
        const event = new ICAL.Component(ICAL.parse(await servedFeed(env, port)))
          .getAllSubcomponents('vevent')
          .map((c) => new ICAL.Event(c))
          .find((e) => e.uid === `program-${SOON_PROGRAM_ID}@onair`)
        // iCalendar times are whole seconds.
        expect(event?.startDate.toJSDate().getTime()).toBe(Math.floor(availableAt / 1000) * 1000)
      } finally {
        daemon.child.kill('SIGTERM')
        expect(await daemon.code).toBe(0)
      }
    }, 60_000)
  })
})
