import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { fakeIo } from '../../support/fake-io'
import { savedDocument } from '../../support/saved-documents'
import { cliEnv } from '../../support/signed-in-env'

/** record, status, works and outbox in process against the emulator (real clock: --no-wait only). */
describe('onair record / status / works / outbox', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  const signedIn = async (token = emu.tokens.readWrite) => {
    const env = cliEnv(emu)
    expect(await runCli(['sign-in', '--token', token], fakeIo(env))).toBe(0)
    return env
  }
  const mine = (episodeId: number) => emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === episodeId)

  it('record --no-wait sends one record with its comment and rating; outbox --json shows it sent', async () => {
    const env = await signedIn()
    const io = fakeIo(env)
    expect(
      await runCli(['record', '302', '--no-wait', '--comment', 'two\nlines', '--rating', '4.5', '--program', '10'], io)
    ).toBe(0)
    expect(mine(302)).toHaveLength(1)
    expect(mine(302)[0]).toMatchObject({ comment: 'two\nlines', rating: 4.5, shareMicroblog: false })
    expect(io.stdout).toEqual([`Recorded episode 302: record #${mine(302)[0]!.id}`])

    const list = fakeIo(env)
    expect(await runCli(['outbox', '--json'], list)).toBe(0)
    const entries = JSON.parse(list.stdout.join('')) as Array<Record<string, unknown>>
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      id: expect.any(String),
      kind: 'record',
      state: 'sent',
      episodeId: 302,
      recordId: mine(302)[0]!.id
    })
  })

  it('record without --program: the saved schedule names the broadcast, so a lost answer is reconciled, not asked about', async () => {
    const env = await signedIn()
    // `onair upcoming` saved the schedule (program 9 = episode 301).
    expect(await runCli(['upcoming', '--json'], fakeIo(env))).toBe(0)
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
    const io = fakeIo(env)
    expect(await runCli(['record', '301', '--no-wait'], io)).toBe(0)
    expect(mine(301)).toHaveLength(1)
    expect(io.stdout).toEqual(['Recorded episode 301: record id unknown'])
    const list = fakeIo(env)
    expect(await runCli(['outbox', '--json'], list)).toBe(0)
    expect(JSON.parse(list.stdout.join(''))[0]).toMatchObject({
      state: 'sent',
      programId: 9,
      workId: 3,
      display: { workTitle: 'Orbit Gardeners' }
    })
  })

  // The program lets the outbox reconcile: a dropped keep-alive connection makes the failure ambiguous.
  it('record while the service is down: queued, exit 1; outbox retry sends it once it is back', async () => {
    const env = await signedIn()
    await emu.suspend()
    const io = fakeIo(env)
    try {
      expect(await runCli(['record', '105', '--program', '16', '--no-wait'], io)).toBe(1)
    } finally {
      await emu.resume()
    }
    expect(io.stderr.join('\n')).toMatch(/Not sent yet; kept in the outbox as [0-9a-f-]{36}/)
    const file = savedDocument<{ entries: Array<Record<string, unknown>> }>(env.ONAIR_DATA_DIR, 'outbox')!
    const id = file.entries[0]!.id as string
    expect(file.entries[0]).toMatchObject({ state: 'failed', willRetry: true })

    const retry = fakeIo(env)
    expect(await runCli(['outbox', 'retry', id], retry)).toBe(0)
    expect(mine(105)).toHaveLength(1)
  })

  it('a read-only token: 403 explained, exit 1, the entry kept as failed', async () => {
    const env = await signedIn(emu.tokens.read)
    const io = fakeIo(env)
    expect(await runCli(['record', '501', '--no-wait'], io)).toBe(1)
    expect(io.stderr.join('\n')).toContain('Sign in again with write access')
    const list = fakeIo(env)
    await runCli(['outbox'], list)
    expect(list.stdout[0]).toMatch(/record\s+failed/)
    const id = list.stdout[0]!.split(' ')[0]!
    expect(await runCli(['outbox', 'discard', id], fakeIo(env))).toBe(0)
    const after = fakeIo(env)
    await runCli(['outbox', '--json'], after)
    expect(after.stdout).toEqual(['[]'])
  })

  it('status sets the kind on the service', async () => {
    const env = await signedIn()
    const io = fakeIo(env)
    expect(await runCli(['status', '10', 'wanna_watch'], io)).toBe(0)
    expect(io.stdout).toEqual(['Work 10: wanna_watch'])
    expect(emu.media.statusOf(USER_ID, 10)).toBe('wanna_watch')
    expect(await runCli(['status', '10', 'bogus'], fakeIo(env))).toBe(2)
  })

  it('works --json: filters, sort and paging', async () => {
    const env = await signedIn()
    const io = fakeIo(env)
    expect(await runCli(['works', '--status', 'watching', '--sort', 'watchers', '--order', 'asc', '--json'], io)).toBe(
      0
    )
    const page = JSON.parse(io.stdout[0]!)
    expect(page).toMatchObject({ page: 1, hasNext: false })
    expect(page.works.map((w: { id: number }) => w.id)).toEqual([8, 2, 1])
    expect(page.works[0]).toMatchObject({ id: 8, title: 'Tsubame Relay', status: 'watching' })

    const bad = fakeIo(env)
    expect(await runCli(['works', '--season', '2024-fall'], bad)).toBe(2)
    expect(bad.stderr[0]).toContain('--season')
    expect(await runCli(['works', '--per-page', '30'], fakeIo(env))).toBe(2)
  })
})
