import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, type Emulator } from '../../emulator/index'
import { fakeIo } from '../../support/fake-io'
import { spawnCli } from './spawn-cli'
import { cliEnv } from '../../support/signed-in-env'

describe('onair upcoming', () => {
  let emu: Emulator
  let env: Record<string, string>
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
    env = cliEnv(emu)
  })
  afterAll(() => emu.close())

  it('not signed in: exit 1', async () => {
    const io = fakeIo(env)
    expect(await runCli(['upcoming', '--json'], io)).toBe(1)
    expect(io.stdout).toEqual([])
  })

  // The poll fails fast with an unreadable answer: the media client's own GET retries on a refused
  // connection would make this test wait seconds of real time for the same code path.
  it('--json: exactly {fetchedAt, offline, programs}; when the poll fails: the saved schedule, said on stderr', async () => {
    expect(await runCli(['sign-in', '--token', emu.tokens.readWrite], fakeIo(env))).toBe(0)
    const online = fakeIo(env)
    expect(await runCli(['upcoming', '--json'], online)).toBe(0)
    expect(online.stdout).toHaveLength(1)
    const fresh = JSON.parse(online.stdout[0]!)
    expect(Object.keys(fresh)).toEqual(['fetchedAt', 'offline', 'programs'])
    expect(fresh.offline).toBe(false)
    expect(fresh.programs.length).toBeGreaterThan(3)
    expect(fresh.programs[0]).toEqual({
      id: expect.any(Number),
      startedAt: expect.any(String),
      isRebroadcast: expect.any(Boolean),
      channel: expect.any(Object),
      work: expect.any(Object),
      episode: expect.anything()
    })
    expect(online.stderr).toEqual([])

    emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 2 })
    try {
      const offline = fakeIo(env)
      expect(await runCli(['upcoming', '--json'], offline)).toBe(0)
      expect(JSON.parse(offline.stdout[0]!)).toEqual({ ...fresh, offline: true })
      expect(offline.stderr[0]).toContain('cannot read')
      expect(offline.stderr.join('\n')).toContain(`Showing the schedule saved at ${fresh.fetchedAt}`)
      const ja = fakeIo({ ...env, LANG: 'ja_JP.UTF-8' })
      expect(await runCli(['upcoming'], ja)).toBe(0)
      expect(ja.stderr.join('\n')).toContain('保存した番組表を表示します')
    } finally {
      emu.faults.clear()
    }
  })

  it('text: one line per program with local time, title, episode, channel and countdown', async () => {
    const io = fakeIo({ ...env, TZ: 'UTC' })
    expect(await runCli(['upcoming'], io)).toBe(0)
    expect(io.stdout.length).toBeGreaterThan(3)
    expect(io.stdout.find((l) => l.includes('Starlit Courier'))).toMatch(
      /\d\d:\d\d Starlit Courier Ep\. \d+ \(Tokyo MX|AT-X\) {2}(now|\d+m|\d+h \d\dm|\d+d \d+h)$/
    )
  })

  it('text: a channel offset shows the time it can be watched, with the broadcast time beside it', async () => {
    const io = fakeIo({ ...env, TZ: 'UTC' })
    expect(await runCli(['config', 'set', 'reminders.channels.1.offsetMinutes', '90'], fakeIo(env))).toBe(0)
    expect(await runCli(['upcoming'], io)).toBe(0)
    const shifted = io.stdout.filter((l) => l.includes('(Tokyo MX'))
    expect(shifted.length).toBeGreaterThan(0)
    for (const line of shifted) {
      const [, watch, aired] =
        /^(?:\w{3} )?(\d\d:\d\d) .* \(Tokyo MX, broadcast (?:\w{3} )?(\d\d:\d\d)\) {2}/.exec(line) ?? []
      const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
      expect((minutes(watch!) - minutes(aired!) + 1440) % 1440).toBe(90)
    }
    expect(io.stdout.filter((l) => l.includes('(AT-X)')).length).toBeGreaterThan(0)
    expect(await runCli(['config', 'unset', 'reminders.channels.1'], fakeIo(env))).toBe(0)
  })

  it('--from-cache: the saved schedule as the last poll saved it, never asking the service; nothing saved: exit 1', async () => {
    const polled = fakeIo(env)
    expect(await runCli(['upcoming', '--json'], polled)).toBe(0)
    const fresh = JSON.parse(polled.stdout[0]!)
    // A real process, with the service's address pointing nowhere: a poll would fail and say so.
    const gone = { ...env, ONAIR_MEDIA_URL: 'http://127.0.0.1:9' }
    const cached = spawnCli(['upcoming', '--from-cache', '--json'], gone)
    expect(await cached.code).toBe(0)
    expect(JSON.parse(cached.stdout[0]!)).toEqual({ ...fresh, offline: true })
    expect(cached.stderr()).toMatch(new RegExp(`^Showing the schedule saved at ${fresh.fetchedAt} \\(.+ ago\\)\\.\n$`))
    const text = spawnCli(['upcoming', '--from-cache'], { ...gone, TZ: 'UTC', LANG: 'ja_JP.UTF-8' })
    expect(await text.code).toBe(0)
    expect(text.stdout).toHaveLength(fresh.programs.length)
    expect(text.stderr()).toContain('保存した番組表を表示します')

    const empty = spawnCli(['upcoming', '--from-cache'], cliEnv(emu))
    expect(await empty.code).toBe(1)
    expect(empty.stdout).toEqual([])
    expect(empty.stderr()).toBe('No saved schedule to show yet.\nNothing unwatched on air in the window.\n')
  })
})
