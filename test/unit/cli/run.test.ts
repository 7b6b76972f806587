import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { parseLead, runDaemon, type DaemonRuntime } from '../../../src/main/cli/commands/run'
import { type Clock } from '../../../src/main/core/clock'
import { ManualClock } from '../../support/manual-clock'
import { resolveConfig } from '../../../src/main/core/config'
import type { CommandContext } from '../../../src/main/cli/command'
import { signedInAccount } from '../../../src/main/cli/context'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { manualCron } from '../programs/emulated'
import { cliProcess, runCliProcess, spawnCli } from './spawn-cli'
import { fakeIo, type FakeIo } from '../../support/fake-io'
import { cliEnv, signedInEnv, soonProgram as soonFolder, wikiEnv } from '../../support/signed-in-env'
import { tempDir } from '../../support/temp-dir'

function context(io: FakeIo, flags: CommandContext['flags'], clock: Clock): CommandContext {
  return { io, config: resolveConfig({}, io.env), clock, locale: 'en', t: (x) => x.en, flags, positionals: [] }
}

describe('onair run', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it("end to end: the real binary prints the soon program's reminder at its start, exactly shaped, and exits 0 on SIGINT", async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const env = await signedInEnv(emu)
    const startedAt = new Date(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.startedAt).toISOString()
    const cli = cliProcess(['run', '--json', '--lead', '0'], env)
    const child = spawn(process.execPath, cli.argv, { env: cli.env, stdio: ['ignore', 'pipe', 'pipe'] })
    const exited = new Promise<number | null>((res) => child.on('close', (code) => res(code)))
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    const lines: Record<string, unknown>[] = []
    const reminder = await new Promise<Record<string, unknown>>((res, rej) => {
      const timer = setTimeout(
        () => rej(new Error(`no reminder; stdout: ${JSON.stringify(lines)} stderr: ${stderr}`)),
        10_000
      )
      createInterface({ input: child.stdout }).on('line', (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>
        lines.push(parsed)
        if (parsed.type === 'reminder' && parsed.programId === SOON_PROGRAM_ID) {
          clearTimeout(timer)
          res(parsed)
        }
      })
    })
    expect(Object.keys(reminder)).toEqual(['type', 'programId', 'offsetMinutes', 'startedAt', 'firedAt'])
    expect(reminder).toMatchObject({ type: 'reminder', programId: SOON_PROGRAM_ID, offsetMinutes: 0, startedAt })
    const late = Date.parse(reminder.firedAt as string) - Date.parse(startedAt)
    expect(late).toBeGreaterThanOrEqual(0)
    expect(late).toBeLessThan(1000)
    // Before it, the poll that found it; every line has a type.
    expect(lines[0]).toMatchObject({ type: 'poll', state: 'ok' })
    expect(lines.every((l) => typeof l.type === 'string')).toBe(true)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  }, 20_000)

  it('"only the works I pick", set through onair config: the real daemon reminds of the picked work, not of one airing at the same second', async () => {
    const dataDir = join(tempDir('onair-run-'), 'data')
    // Set before the emulator starts, so the soon program is still seconds away when the daemon runs.
    for (const [key, value] of [
      ['reminders.mode', 'only-picked'],
      ['reminders.pickedWorkIds', '1']
    ]) {
      expect((await runCliProcess(['config', 'set', key!, value!], { ONAIR_DATA_DIR: dataDir })).code).toBe(0)
    }
    emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
    expect(soon.workId).toBe(1)
    // Work 2 (also being watched) at the very same moment. Its key sorts first ("899:" < "900:"), so
    // were it reminded of, its line would come before the picked one's.
    emu.media.programs.push({ ...soon, id: 899, workId: 2, episodeId: 205 })
    const env = await signedInEnv(emu, dataDir)
    const daemon = spawnCli(['run', '--json', '--lead', '0'], env)
    try {
      const poll = JSON.parse(await daemon.line((l) => l.includes('"poll"'))) as { programs: number }
      // Both programs were fetched: the mode decides, not the service.
      expect(poll.programs).toBeGreaterThanOrEqual(2)
      await daemon.line((l) => l.includes(`"programId":${SOON_PROGRAM_ID}`))
      const reminded = daemon.stdout.map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(reminded.filter((l) => l.type === 'reminder').map((l) => l.programId)).toEqual([SOON_PROGRAM_ID])
    } finally {
      daemon.child.kill('SIGINT')
      expect(await daemon.code).toBe(0)
    }
  }, 30_000)

  /** The daemon in this process on a ManualClock, cron ticked by hand; `stop()` ends it like Ctrl-C. */
  function inProcess(
    env: Record<string, string>,
    flags: CommandContext['flags'],
    clock = new ManualClock(Date.now()),
    openAccount?: DaemonRuntime['openAccount']
  ) {
    const io = fakeIo(env)
    let stop!: () => void
    const stopped = new Promise<void>((res) => (stop = res))
    const done = runDaemon(context(io, flags, clock), { stop: stopped, cron: manualCron().factory, openAccount })
    const lines = () => io.stdout.map((l) => JSON.parse(l) as Record<string, unknown>)
    return { io, clock, done, lines, stop }
  }

  /** A folder signed in to an emulator on a manual clock, whose soon program starts in 10 minutes. */
  async function soonProgram() {
    const soon = await soonFolder()
    emu = soon.emu
    return soon
  }

  it("in process: the poll line at the clock's time, then the reminder exactly at the start, then a clean stop", async () => {
    const { clock, env, startedAt } = await soonProgram()
    const d = inProcess(env, { json: true, lead: '0' }, clock)
    await vi.waitFor(() => expect(d.lines().length).toBeGreaterThan(0))
    expect(d.lines()[0]).toMatchObject({ type: 'poll', at: new Date(clock.now()).toISOString(), state: 'ok' })
    clock.advanceTo(startedAt - 1)
    expect(d.lines().some((l) => l.type === 'reminder')).toBe(false)
    clock.advanceTo(startedAt)
    expect(d.lines().filter((l) => l.type === 'reminder')).toEqual([
      {
        type: 'reminder',
        programId: SOON_PROGRAM_ID,
        offsetMinutes: 0,
        startedAt: new Date(startedAt).toISOString(),
        firedAt: new Date(startedAt).toISOString()
      }
    ])
    d.stop()
    expect(await d.done).toBe(0)
    // --lead was for that run only: nothing was written to the saved settings.
    expect(existsSync(join(env.ONAIR_DATA_DIR!, 'settings.json'))).toBe(false)
  })

  /**
   * The soon program's folder served by a daemon that stops before the program starts, then a
   * second daemon started `fromStartMs` from the start, on the same clock. `printedBeforeAccount`
   * is what the second had printed when it opened the account (undefined until then).
   */
  async function restarted(fromStartMs: number) {
    const { clock, env, startedAt } = await soonProgram()
    const before = inProcess(env, { json: true, lead: '0' }, clock)
    await vi.waitFor(() => expect(before.lines().length).toBeGreaterThan(0))
    before.stop()
    expect(await before.done).toBe(0)
    clock.jumpTo(startedAt + fromStartMs)
    let printedBeforeAccount: Record<string, unknown>[] | undefined
    const after = inProcess(env, { json: true, lead: '0' }, clock, (ctx) => {
      printedBeforeAccount = after.lines()
      return signedInAccount(ctx)
    })
    const reminderFiredAt = (firedAt: number) => ({
      type: 'reminder',
      programId: SOON_PROGRAM_ID,
      offsetMinutes: 0,
      startedAt: new Date(startedAt).toISOString(),
      firedAt: new Date(firedAt).toISOString()
    })
    const polled = () => vi.waitFor(() => expect(after.lines().some((l) => l.type === 'poll')).toBe(true))
    return { clock, startedAt, after, polled, reminderFiredAt, printedBeforeAccount: () => printedBeforeAccount }
  }

  it('restarted after its reminder fell due: prints it once, before the account is even opened', async () => {
    // No daemon while it falls due; the next one starts 1.5 s later.
    const r = await restarted(1500)
    const reminder = r.reminderFiredAt(r.startedAt + 1500)
    await r.polled()
    expect(r.printedBeforeAccount()).toEqual([reminder])
    // The services started on the same folder, hold and reminders: the first plan is not made twice.
    expect(r.after.lines().filter((l) => l.type === 'reminder')).toEqual([reminder])
    r.after.stop()
    expect(await r.after.done).toBe(0)
  })

  it('restarted half a second before a reminder: the rest of its start waits for it, so it is not late by the start', async () => {
    const r = await restarted(-500)
    // The start goes as far as it goes with the clock standing still: to the wait for the reminder
    // (a second timer beside the scheduler's), or on to the account.
    await vi.waitFor(() => expect(r.printedBeforeAccount() !== undefined || r.clock.pending() >= 2).toBe(true))
    expect(r.printedBeforeAccount()).toBeUndefined()
    r.clock.advanceTo(r.startedAt)
    await r.polled()
    expect(r.printedBeforeAccount()).toEqual([r.reminderFiredAt(r.startedAt)])
    r.after.stop()
    expect(await r.after.done).toBe(0)
  })

  it("in process: a failed poll is an error line in the user's words, not an exit", async () => {
    emu = await startEmulator({ port: 0 })
    const env = await signedInEnv(emu)
    emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 1 })
    const d = inProcess(env, { json: true })
    await vi.waitFor(() => expect(d.lines().length).toBeGreaterThan(0))
    expect(d.lines()[0]).toMatchObject({
      type: 'error',
      state: 'error',
      kind: 'bad_response',
      message: expect.stringContaining('cannot read'),
      // Asked again on the 5xx backoff, not only at the next cron tick.
      retryAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
    })
    d.stop()
    expect(await d.done).toBe(0)
  })

  it('with --webhook: prints the URL to register, then each pushed wiki event as an event line', async () => {
    emu = await startEmulator({ port: 0 })
    const env = { ...(await signedInEnv(emu)), ...wikiEnv(emu) }
    const d = inProcess(env, { json: true, webhook: '0' })
    await vi.waitFor(() => expect(d.lines().some((l) => l.type === 'webhook')).toBe(true), { timeout: 5000 })
    const url = d.lines().find((l) => l.type === 'webhook')!.url as string
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[\w-]{43}$/)
    expect((await emu.wiki.sendWebhook(url, emu.wiki.webhookEvent('page_updated'))).status).toBe(200)
    await vi.waitFor(() => expect(d.lines().some((l) => l.type === 'event')).toBe(true), { timeout: 5000 })
    expect(d.lines().find((l) => l.type === 'event')).toMatchObject({
      event: { type: 'page_updated', page: { id: 7 } }
    })
    d.stop()
    expect(await d.done).toBe(0)
    const bad = fakeIo(env)
    expect(await runCli(['run', '--webhook', '70000'], bad)).toBe(2)
    expect(bad.stderr.join('\n')).toContain('--webhook takes a port')
  })

  it('with --webhook on a busy port: says which port in both languages and exits 1', async () => {
    emu = await startEmulator({ port: 0 })
    const env = await signedInEnv(emu)
    const busy = createServer()
    await new Promise<void>((res) => busy.listen(0, '127.0.0.1', res))
    const port = (busy.address() as AddressInfo).port
    try {
      for (const lang of ['en', 'ja'] as const) {
        const io = fakeIo({ ...env, LANG: lang === 'ja' ? 'ja_JP.UTF-8' : 'C' })
        expect(await runCli(['run', '--webhook', String(port)], io)).toBe(1)
        const said = io.stderr.join('\n')
        expect(said).toContain(String(port))
        expect(said).toContain(lang === 'ja' ? 'ポート' : 'cannot be used')
      }
    } finally {
      busy.close()
    }
  })

  it('not signed in: exit 1 with the reason; a bad --lead is a usage error', async () => {
    emu = await startEmulator({ port: 0 })
    const env = cliEnv(emu)
    const io = fakeIo(env)
    expect(await runCli(['run'], io)).toBe(1)
    expect(io.stderr.join('\n')).toContain('not signed in')
    const bad = fakeIo(env)
    expect(await runCli(['run', '--lead', '10,x'], bad)).toBe(2)
    expect(bad.stderr.join('\n')).toContain('--lead takes minutes')
    expect(parseLead('10, 0,1440')).toEqual([10, 0, 1440])
    expect(() => parseLead('1441')).toThrow()
    expect(parseLead(undefined)).toBeUndefined()
  })
})
