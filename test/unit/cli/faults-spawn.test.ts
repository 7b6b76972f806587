import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../src/shared/records'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, USER_ID, type Emulator, type Fault } from '../../emulator/index'
import { fakeIo } from '../../support/fake-io'
import { runCliProcess, spawnCli } from './spawn-cli'
import { saveDocumentBody, savedDocument } from '../../support/saved-documents'
import { cliEnv, signedInEnv, wikiEnv } from '../../support/signed-in-env'

/**
 * Every command as a real process against a service in trouble: down (nothing listening), 500,
 * 429, a reset connection, malformed JSON. Whatever happens, the process ends with its output and
 * a meaningful exit code, or with a message in the user's language; it never exits 0 having
 * printed nothing because a retry's timer did not hold the event loop.
 * Set-up (sign-in, a saved schedule) runs in process; only the command under test is spawned.
 */
/** A fault without its route (the case names the route), or the service not listening at all. */
type Injected = Fault extends infer F ? (F extends Fault ? Omit<F, 'path' | 'method'> : never) : never
type Trouble = 'down' | Injected
type Case = [name: string, trouble: Trouble, lang: Record<string, string>, message: string]

const ja = { LANG: 'ja_JP.UTF-8' }
type TestContext = { onTestFinished: (fn: () => Promise<void>) => void }

/** One emulator per test (they run concurrently, each with its own faults), closed when the test ends. */
async function service(ctx: TestContext): Promise<Emulator> {
  const emu = await startEmulator({ port: 0, rateLimit: false })
  ctx.onTestFinished(() => emu.close())
  return emu
}

const envFor = (emu: Emulator) => cliEnv(emu, undefined, wikiEnv(emu))
const signedIn = (emu: Emulator) => signedInEnv(emu, undefined, wikiEnv(emu))

async function trouble(emu: Emulator, path: string, t: Trouble, method?: string): Promise<void> {
  if (t === 'down') await emu.suspend()
  else emu.faults.inject({ ...t, path, ...(method ? { method } : {}) } as Fault)
}

const once = { times: 1 } as const
const f500: Injected = { kind: 'status', status: 500 }
const f429: Injected = { kind: 'status', status: 429 }
const reset: Injected = { kind: 'reset' }
const malformed: Injected = { kind: 'malformed-json' }

const outboxFile = (env: Record<string, string>) =>
  savedDocument<{ entries: OutboxEntry[] }>(env.ONAIR_DATA_DIR!, 'outbox')!

// Spawned processes compile the CLI first; on two busy cores that alone can take seconds.
describe.concurrent('every command against a service in trouble, as a real process', { timeout: 90_000 }, () => {
  describe('upcoming', () => {
    it('down: the saved schedule with its age, a notice in English or Japanese, exit 0 (offline: true)', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      const saved = fakeIo(env)
      expect(await runCli(['upcoming', '--json'], saved)).toBe(0)
      const fresh = JSON.parse(saved.stdout[0]!)
      await trouble(emu, '', 'down')

      const [en, text] = await Promise.all([
        runCliProcess(['upcoming', '--json'], env),
        runCliProcess(['upcoming'], { ...env, ...ja })
      ])
      expect(en.code).toBe(0)
      expect(JSON.parse(en.stdout.join('\n'))).toEqual({ ...fresh, offline: true })
      expect(en.stderr).toContain('Cannot reach the media-tracking service')
      expect(en.stderr).toMatch(new RegExp(`Showing the schedule saved at ${fresh.fetchedAt} \\(\\d+ min ago\\)`))
      expect(text.code).toBe(0)
      expect(text.stdout.length).toBe(fresh.programs.length)
      expect(text.stderr).toContain('視聴記録サービスに接続できません')
      expect(text.stderr).toMatch(new RegExp(`${fresh.fetchedAt} に保存した番組表を表示します（\\d+分前）`))
    })

    it('down with nothing saved yet: says so, exit 1', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '', 'down')
      const r = await runCliProcess(['upcoming', '--json'], env)
      expect(r.code).toBe(1)
      expect(JSON.parse(r.stdout.join('\n'))).toEqual({ fetchedAt: null, offline: true, programs: [] })
      expect(r.stderr).toContain('No saved schedule to show yet.')
    })

    it('one 429: retried, the fresh schedule, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/programs', { ...f429, ...once })
      const r = await runCliProcess(['upcoming', '--json'], env)
      expect(r.code).toBe(0)
      const out = JSON.parse(r.stdout.join('\n'))
      expect(out.offline).toBe(false)
      expect(out.programs.length).toBeGreaterThan(3)
      expect(r.stderr).toBe('')
    })

    it('malformed JSON: not read as an empty schedule; the saved one, said in Japanese, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      expect(await runCli(['upcoming'], fakeIo(env))).toBe(0)
      await trouble(emu, '/v1/me/programs', malformed)
      const r = await runCliProcess(['upcoming', '--json'], { ...env, ...ja })
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout.join('\n'))).toMatchObject({ offline: true, programs: expect.any(Array) })
      expect(r.stderr).toContain('読み取れない応答')
      expect(r.stderr).toContain('保存した番組表を表示します')
    })
  })

  describe('catch-up', () => {
    it.for<Case>([
      ['down', 'down', { LANG: 'C' }, 'Cannot reach the media-tracking service'],
      ['500 every time', f500, ja, '障害が発生しています（500）'],
      ['malformed JSON', malformed, ja, '読み取れない応答']
    ])('%s: the reason and the saved list, exit 0; nothing saved yet: exit 1', async ([, t, lang, message], ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/programs', t)
      const never = await runCliProcess(['catch-up', '--json'], { ...env, ...lang })
      expect(never.code).toBe(1)
      expect(JSON.parse(never.stdout.join('\n'))).toMatchObject({ fetchedAt: null, offline: true, works: [] })
      expect(never.stderr).toContain(message)
      if (t === 'down') await emu.resume()
      else emu.faults.clear()
      const fresh = await runCliProcess(['catch-up', '--json'], env)
      expect(fresh.code).toBe(0)
      await trouble(emu, '/v1/me/programs', t)
      const saved = await runCliProcess(['catch-up', '--json'], { ...env, ...lang })
      expect(saved.code).toBe(0)
      expect(JSON.parse(saved.stdout.join('\n'))).toEqual({ ...JSON.parse(fresh.stdout.join('\n')), offline: true })
      expect(saved.stderr).toContain(message)
    })

    it('one 429: retried, the fresh list, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/programs', { ...f429, ...once })
      const r = await runCliProcess(['catch-up', '--json'], env)
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout.join('\n')).works.length).toBe(2)
      expect(r.stderr).toBe('')
    })
  })

  describe('works', () => {
    it.for<[string, Injected]>([
      ['500', f500],
      ['429', f429],
      ['reset', reset]
    ])('one %s: retried, the page, exit 0', async ([, t], ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/works', { ...t, ...once })
      const r = await runCliProcess(['works', '--json'], env)
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout.join('\n')).works.length).toBeGreaterThan(3)
    })

    it.for<Case>([
      ['down', 'down', { LANG: 'C' }, 'Cannot reach the media-tracking service'],
      ['500 every time', f500, ja, '障害が発生しています（500）'],
      ['malformed JSON', malformed, ja, '読み取れない応答']
    ])('%s: the reason, exit 1, nothing on stdout', async ([, t, lang, message], ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/works', t)
      const r = await runCliProcess(['works'], { ...env, ...lang })
      expect(r.code).toBe(1)
      expect(r.stdout).toEqual([])
      expect(r.stderr).toContain(message)
    })
  })

  describe('sign-in --token', () => {
    it.for<Case>([
      ['down', 'down', ja, '接続できません'],
      ['500 every time', f500, { LANG: 'C' }, 'is having trouble (500)'],
      ['malformed JSON', malformed, ja, '読み取れない']
    ])('%s: not signed in, the reason, exit 1', async ([, t, lang, message], ctx) => {
      const emu = await service(ctx)
      const env = envFor(emu)
      await trouble(emu, '/oauth/token/info', t)
      const r = await runCliProcess(['sign-in', '--token', emu.tokens.readWrite], { ...env, ...lang })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(message)
      await emu.resume()
      emu.faults.clear()
      const who = fakeIo(env)
      expect(await runCli(['whoami'], who)).toBe(1)
      expect(who.stderr.join('\n')).toContain('not signed in')
    })

    it('one 429: retried, signed in, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = envFor(emu)
      await trouble(emu, '/oauth/token/info', { ...f429, ...once })
      const r = await runCliProcess(['sign-in', '--token', emu.tokens.readWrite], env)
      expect(r.code).toBe(0)
      expect(r.stderr).toContain('Signed in as user #1')
    })
  })

  describe('whoami', () => {
    it('down: what was saved at sign-in, with a warning in Japanese, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '', 'down')
      const r = await runCliProcess(['whoami', '--json'], { ...env, ...ja })
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout.join('\n'))).toMatchObject({ user: { id: USER_ID }, scopes: ['read', 'write'] })
      expect(r.stderr).toContain('オフライン')
    })

    it('one 500: retried, the answer, exit 0 without a warning', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/oauth/token/info', { ...f500, ...once })
      const r = await runCliProcess(['whoami'], env)
      expect(r.code).toBe(0)
      expect(r.stdout.join('\n')).toContain('Signed in as user #1')
      expect(r.stderr).toBe('')
    })
  })

  describe('record, status, outbox', () => {
    it.for<Case>([
      ['down', 'down', { LANG: 'C' }, 'outbox retry'],
      ['429', f429, ja, '送信待ち'],
      ['a reset before it arrives', reset, { LANG: 'C' }, 'outbox retry']
    ])('%s: kept in the outbox, how it gets sent said, exit 1, nothing created', async ([, t, lang, message], ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/records', t, 'POST')
      const r = await runCliProcess(['record', '301', '--no-wait'], { ...env, ...lang })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(message)
      expect(outboxFile(env).entries).toMatchObject([{ kind: 'record', episodeId: 301 }])
      expect(emu.media.records.filter((x) => x.episodeId === 301)).toEqual([])
    })

    it('a reset after the service saved it (with --program): checked, not sent twice, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      const program = emu.media.programs.find((p) => p.episodeId === 103)!
      await trouble(emu, '/v1/me/records', { kind: 'reset-after-commit', ...once }, 'POST')
      const r = await runCliProcess(['record', '103', '--no-wait', '--program', String(program.id)], env)
      expect(r.code).toBe(0)
      // The lost answer is reconciled against the service's records: the user learns it was saved.
      expect(r.stdout.join('\n')).toMatch(/^Recorded episode 103: record /)
      expect(emu.media.records.filter((x) => x.userId === USER_ID && x.episodeId === 103)).toHaveLength(1)
    })

    it('status, down: kept in the outbox with the reason in Japanese, exit 1', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '', 'down')
      const r = await runCliProcess(['status', '3', 'watching'], { ...env, ...ja })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain('接続できません')
      expect(r.stderr).toContain('送信待ち')
      expect(outboxFile(env).entries).toMatchObject([{ kind: 'status', workId: 3, status: 'watching' }])
    })

    it('outbox retry, 500 every time: the entry stays, the reason said, exit 1', async (ctx) => {
      const emu = await service(ctx)
      const env = await signedIn(emu)
      await trouble(emu, '/v1/me/statuses', f500, 'POST')
      expect(await runCli(['status', '3', 'watching'], fakeIo(env))).toBe(1)
      // Retried after its back-off has run out, as a user typically does: due on start as well.
      const doc = outboxFile(env)
      const id = doc.entries[0]!.id
      doc.entries[0]!.nextAttemptAt = Date.now() - 1000
      saveDocumentBody(env.ONAIR_DATA_DIR!, 'outbox', JSON.stringify(doc))
      const r = await runCliProcess(['outbox', 'retry', id], env)
      expect(r.code).toBe(1)
      expect(r.stderr).toContain('(500)')
      expect(outboxFile(env).entries).toMatchObject([{ id, state: 'failed' }])
    })
  })

  it('sign-out, down: signed out here all the same, told so in Japanese, exit 0', async (ctx) => {
    const emu = await service(ctx)
    const env = await signedIn(emu)
    await trouble(emu, '', 'down')
    const r = await runCliProcess(['sign-out'], { ...env, ...ja })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/サインアウト/)
    expect(await runCli(['whoami'], fakeIo(env))).toBe(1)
  })

  describe('inbox', () => {
    it('down: the list saved last time, with a warning in Japanese, exit 0', async (ctx) => {
      const emu = await service(ctx)
      const env = envFor(emu)
      const saved = fakeIo(env)
      expect(await runCli(['inbox', '--json'], saved)).toBe(0)
      const items = JSON.parse(saved.stdout[0]!)
      expect(items.length).toBeGreaterThan(0)
      await trouble(emu, '', 'down')
      const r = await runCliProcess(['inbox', '--json'], { ...env, ...ja })
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout.join('\n'))).toEqual(items)
      expect(r.stderr).toContain('Wikiサービスに接続できません')
    })

    it.for<Case>([
      ['500', f500, { LANG: 'C' }, 'The wiki service is having trouble (500)'],
      ['malformed JSON', malformed, ja, 'Wikiサービスから読み取れない応答']
    ])('%s: the reason, exit 1, nothing on stdout', async ([, t, lang, message], ctx) => {
      const emu = await service(ctx)
      const env = envFor(emu)
      await trouble(emu, '/api/v1/notifications', t)
      const r = await runCliProcess(['inbox'], { ...env, ...lang })
      expect(r.code).toBe(1)
      expect(r.stdout).toEqual([])
      expect(r.stderr).toContain(message)
    })
  })

  it('run, down at start: an error line, then the schedule once the service is back; SIGINT exits 0', async (ctx) => {
    const emu = await service(ctx)
    const env = await signedIn(emu)
    await trouble(emu, '', 'down')
    const daemon = spawnCli(['run', '--json'], env)
    const error = JSON.parse(await daemon.line((l) => l.includes('"error"'), 60_000))
    expect(error).toMatchObject({ type: 'error', kind: 'network', message: expect.stringContaining('Cannot reach') })
    await emu.resume()
    // The poller retries a failed poll after its own back-off (seconds), not at the next cron tick.
    const poll = JSON.parse(await daemon.line((l) => l.includes('"poll"'), 60_000))
    expect(poll).toMatchObject({ type: 'poll', state: 'ok' })
    daemon.child.kill('SIGINT')
    expect(await daemon.code).toBe(0)
  })
})
