import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { fakeIo } from '../../support/fake-io'
import { runCliProcess, spawnCli } from './spawn-cli'
import { signedInEnv } from '../../support/signed-in-env'

/**
 * `onair catch-up`, `onair upcoming --today` and tonight's line of `onair run`, each a real process
 * against the emulator (its seed relative to now: Starlit Courier's third episode half an hour
 * ago, the bakery's second and third five and six days ago, its first nine days ago).
 */
const HOUR = 3_600_000

/** A fixed-offset zone where it is about noon now, so the rest of the broadcast day is long and known. */
function noonZone(now = Date.now()): string {
  const k = (((12 - new Date(now).getUTCHours()) % 24) + 24) % 24
  const offset = k > 12 ? k - 24 : k
  // POSIX sign: Etc/GMT-9 is nine hours ahead of UTC.
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

let emu: Emulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

async function signedIn(): Promise<Record<string, string>> {
  emu = await startEmulator({ port: 0, rateLimit: false })
  return signedInEnv(emu, undefined, { TZ: noonZone() })
}

const episodesOf = (json: string) =>
  (JSON.parse(json) as { works: { work: { title: string }; episodes: { episode: { id: number } }[] }[] }).works.map(
    (g) => [g.work.title, g.episodes.map((p) => p.episode.id)]
  )

describe('onair catch-up, as a real process', { timeout: 60_000 }, () => {
  it('lists by work, newest first, one line per episode; --json; offline the saved list; days from the settings', async () => {
    const env = await signedIn()
    const json = await runCliProcess(['catch-up', '--json'], env)
    expect(json.code).toBe(0)
    expect(Object.keys(JSON.parse(json.stdout[0]!))).toEqual(['fetchedAt', 'offline', 'days', 'works'])
    expect(JSON.parse(json.stdout[0]!)).toMatchObject({ offline: false, days: 7 })
    expect(episodesOf(json.stdout[0]!)).toEqual([
      ['Starlit Courier', [103]],
      ['Midnight Bakery Club', [203, 202]]
    ])
    // One request: three episodes fit one page of 50.
    expect(emu!.requests.filter((r) => r.path === '/v1/me/programs')).toHaveLength(1)

    const [text, ja] = await Promise.all([
      runCliProcess(['catch-up'], env),
      runCliProcess(['catch-up'], { ...env, LANG: 'ja_JP.UTF-8' })
    ])
    expect(text.stdout[0]).toBe('Starlit Courier')
    // Half an hour ago: today, so the time alone; the others a weekday before it.
    expect(text.stdout[1]).toMatch(/^ {2}103 {2}\d\d:\d\d {2}Ep\. 3 “.+” \((Tokyo MX|AT-X)\)$/)
    expect(text.stdout.slice(2)).toEqual([
      'Midnight Bakery Club',
      expect.stringMatching(/^ {2}203 {2}\S+ \d\d:\d\d {2}Ep\. 3 “Crumbs of Courage” \(BS11\)$/),
      expect.stringMatching(/^ {2}202 {2}\S+ \d\d:\d\d {2}Ep\. 2 “Rise Before Dawn” \(BS11\)$/)
    ])
    expect(ja.stdout).toContainEqual(expect.stringMatching(/^ {2}203 {2}\S+ \d\d:\d\d {2}第3話「Crumbs of Courage」/))

    await emu!.suspend()
    const offline = await runCliProcess(['catch-up', '--json'], env)
    expect(offline.code).toBe(0)
    expect(JSON.parse(offline.stdout[0]!)).toMatchObject({ offline: true, days: 7 })
    expect(episodesOf(offline.stdout[0]!)).toEqual(episodesOf(json.stdout[0]!))
    expect(offline.stderr).toContain('Showing the list saved at')
    await emu!.resume()

    expect(await runCli(['config', 'set', 'catchUp.days', '10'], fakeIo(env))).toBe(0)
    const longer = await runCliProcess(['catch-up', '--json'], env)
    expect(episodesOf(longer.stdout[0]!)).toEqual([
      ['Starlit Courier', [103]],
      ['Midnight Bakery Club', [203, 202, 201]]
    ])
    const refused = await runCliProcess(['config', 'set', 'catchUp.days', '31'], env)
    expect(refused.code).not.toBe(0)
  })

  it('watched <episode-id> records it and the earlier ones of its work, oldest first; they leave the list', async () => {
    const env = await signedIn()
    expect((await runCliProcess(['catch-up'], env)).code).toBe(0)
    const done = await runCliProcess(['catch-up', 'watched', '203', '--no-wait'], env)
    expect(done.code).toBe(0)
    expect(done.stdout).toEqual([
      expect.stringMatching(/^Recorded episode 202: record #\d+$/),
      expect.stringMatching(/^Recorded episode 203: record #\d+$/)
    ])
    const mine = emu!.media.records.filter((r) => r.userId === USER_ID && [202, 203].includes(r.episodeId))
    expect(mine.map((r) => r.episodeId)).toEqual([202, 203])
    // Offline and at once, the outbox already says so; and the service says so at the next refresh.
    const saved = await runCliProcess(['catch-up', '--json', '--from-cache'], env)
    expect(episodesOf(saved.stdout[0]!)).toEqual([['Starlit Courier', [103]]])
    const fresh = await runCliProcess(['catch-up', '--json'], env)
    expect(episodesOf(fresh.stdout[0]!)).toEqual([['Starlit Courier', [103]]])

    const unknown = await runCliProcess(['catch-up', 'watched', '999', '--no-wait'], { ...env, LANG: 'ja_JP.UTF-8' })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('エピソード 999 は見逃した放送の一覧にありません')
    expect((await runCliProcess(['catch-up', 'seen', '203'], env)).code).toBe(2)
  })

  it('not signed in: exit 1, a reason, nothing on stdout', async () => {
    emu = await startEmulator({ port: 0 })
    const r = await runCliProcess(['catch-up'], { ONAIR_DATA_DIR: join(tempDir('onair-catch-up-'), 'data') })
    expect(r.code).toBe(1)
    expect(r.stdout).toEqual([])
    expect(r.stderr).not.toBe('')
  })
})

describe("tonight's list, as a real process", { timeout: 60_000 }, () => {
  it('upcoming --today: only what is still to air tonight, under the reminders’ rules for works', async () => {
    const env = await signedIn()
    const all = JSON.parse((await runCliProcess(['upcoming', '--json'], env)).stdout[0]!) as {
      programs: { id: number; startedAt: string; work: { id: number } }[]
    }
    const today = await runCliProcess(['upcoming', '--today', '--json'], env)
    const tonight = (JSON.parse(today.stdout[0]!) as typeof all).programs
    const now = Date.now()
    // It is about noon where the process runs: tonight ends at 05:00 tomorrow, 17 hours on or less.
    expect(tonight.length).toBeGreaterThan(0)
    expect(tonight.length).toBeLessThan(all.programs.length)
    for (const p of tonight) {
      expect(Date.parse(p.startedAt)).toBeGreaterThanOrEqual(now - 60_000)
      expect(Date.parse(p.startedAt)).toBeLessThan(now + 18 * HOUR)
    }
    const work = tonight[0]!.work.id
    expect(await runCli(['config', 'set', 'reminders.mutedWorkIds', `[${work}]`], fakeIo(env))).toBe(0)
    const muted = await runCliProcess(['upcoming', '--today', '--json', '--from-cache'], env)
    expect((JSON.parse(muted.stdout[0]!) as typeof all).programs.map((p) => p.work.id)).not.toContain(work)
    const ja = await runCliProcess(['upcoming', '--today', '--from-cache'], { ...env, LANG: 'ja_JP.UTF-8' })
    expect(ja.code).toBe(0)
  })

  it('onair run: shown once for the broadcast day, not again by a restarted daemon', async () => {
    const env = await signedIn()
    // 05:00, where the broadcast day starts: due already, so the daemon shows it after its first poll.
    expect(await runCli(['config', 'set', 'tonight.enabled', 'true'], fakeIo(env))).toBe(0)
    expect(await runCli(['config', 'set', 'tonight.at', '05:00'], fakeIo(env))).toBe(0)
    const isTonight = (l: string) => l.includes('"type":"tonight"')
    const first = spawnCli(['run', '--json'], env)
    try {
      const line = JSON.parse(await first.line(isTonight, 20_000)) as { day: string; programIds: number[] }
      expect(line.programIds.length).toBeGreaterThan(0)
      expect(line.day).toMatch(/^\d{4}-\d\d-\d\d$/)
    } finally {
      first.child.kill('SIGINT')
      expect(await first.code).toBe(0)
    }
    const second = spawnCli(['run', '--json'], env)
    try {
      await second.line((l) => l.includes('"type":"poll"'), 20_000)
      await new Promise((r) => setTimeout(r, 1_000))
      expect(second.stdout.filter(isTonight)).toEqual([])
    } finally {
      second.child.kill('SIGINT')
      expect(await second.code).toBe(0)
    }
  })
})
