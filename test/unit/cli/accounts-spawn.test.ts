import { afterEach, describe, expect, it, vi } from 'vitest'
import { OTHER_USER_ID, startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { spawnCli, type CliProcess } from './spawn-cli'
import { runOnair } from './spawn-onair'
import { cliEnv } from '../../support/signed-in-env'

/**
 * The per-account promise with the real built `onair`, two users of one service on one data folder:
 * a record queued by one user waits for that user and is never sent, shown or revoked by another.
 * The emulator's two seeded users (USER_ID with tokens.readWrite, OTHER_USER_ID with
 * tokens.otherUser) stand in for two people sharing a computer account.
 */
const A_EPISODE = 301
const B_EPISODE = 302

describe('one data folder, two accounts (real processes)', () => {
  let emu: Emulator | undefined
  const daemons: CliProcess[] = []
  afterEach(async () => {
    for (const d of daemons.splice(0)) {
      d.child.kill('SIGKILL')
      await d.code
    }
    await emu?.close()
    emu = undefined
  })

  it("user A's queued record waits for A: user B's commands and daemon never send or show it, and A's next sign-in sends it under A", async () => {
    emu = await startEmulator({ port: 0 })
    const service = emu
    const env = cliEnv(service, undefined, { LANG: 'C' })
    const onair = (args: string[], lang = 'C') => runOnair(args, { ...env, LANG: lang })
    // The records each user made during this test (the seed already holds some of theirs).
    const seeded = new Set(service.media.records.map((r) => r.id))
    const recordsOf = (userId: number) =>
      service.media.records.filter((r) => r.userId === userId && !seeded.has(r.id)).map((r) => r.episodeId)
    const serviceDown = () =>
      service.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 503, times: 100 })
    const tokenAlive = async (token: string) =>
      (await fetch(`${service.baseUrl}/oauth/token/info`, { headers: { authorization: `Bearer ${token}` } })).status

    // A signs in, caches a schedule, and records while the service is down: queued, exit 1.
    expect((await onair(['sign-in', '--token', service.tokens.readWrite])).code).toBe(0)
    expect((await onair(['upcoming'])).code).toBe(0)
    serviceDown()
    const queued = await onair(['record', String(A_EPISODE), '--no-wait'])
    expect(queued.code).toBe(1)
    const aId = /kept in the outbox as ([0-9a-f-]{36})/.exec(queued.stderr)?.[1]
    expect(aId, queued.stderr).toBeDefined()
    service.faults.clear()

    // B signs in (the service up): told, in the user's language, that A's record waits for A.
    const bSignIn = await onair(['sign-in', '--token', service.tokens.otherUser], 'ja_JP.UTF-8')
    expect(bSignIn.code).toBe(0)
    expect(bSignIn.stderr).toContain(`${service.baseUrl} のユーザー #${USER_ID}`)
    expect(bSignIn.stderr).toContain('1 件、送信待ち')
    // A's token was A's to keep: another user's sign-in does not revoke it.
    expect(await tokenAlive(service.tokens.readWrite)).toBe(200)

    // B sees B's own (empty) data: no outbox entry, no cached schedule.
    const bOutbox = await onair(['outbox', '--json'])
    expect(bOutbox.code).toBe(0)
    expect(JSON.parse(bOutbox.stdout)).toEqual([])
    const bCache = await onair(['upcoming', '--from-cache', '--json'])
    expect(JSON.parse(bCache.stdout)).toMatchObject({ fetchedAt: null, programs: [] })
    // A's entry is not B's to retry: nothing is sent.
    const bRetry = await onair(['outbox', 'retry', aId!])
    expect(bRetry.code).not.toBe(0)
    expect(bRetry.stderr).not.toMatch(/internal error|\n\s+at /)

    // B queues a record of B's own while the service is down, then B's daemon sends B's outbox.
    serviceDown()
    expect((await onair(['record', String(B_EPISODE), '--no-wait'])).code).toBe(1)
    service.faults.clear()
    const bDaemon = spawnCli(['run', '--json'], env)
    daemons.push(bDaemon)
    await vi.waitFor(() => expect(recordsOf(OTHER_USER_ID)).toEqual([B_EPISODE]), { timeout: 20_000, interval: 100 })
    bDaemon.child.kill('SIGINT')
    expect(await bDaemon.code).toBe(0)
    // B's daemon went through B's outbox and left A's record alone, under either user.
    expect(recordsOf(USER_ID)).toEqual([])
    expect(recordsOf(OTHER_USER_ID)).toEqual([B_EPISODE])

    // A signs in again: A's own data is back, the record still queued, and A's daemon sends it under A.
    expect((await onair(['sign-in', '--token', service.tokens.readWrite])).code).toBe(0)
    const aOutbox = JSON.parse((await onair(['outbox', '--json'])).stdout) as Array<{ id: string; state: string }>
    expect(aOutbox).toMatchObject([{ id: aId, state: expect.not.stringMatching(/^sent$/) }])
    const aCache = JSON.parse((await onair(['upcoming', '--from-cache', '--json'])).stdout) as { programs: unknown[] }
    expect(aCache.programs.length).toBeGreaterThan(0)
    const aDaemon = spawnCli(['run', '--json'], env)
    daemons.push(aDaemon)
    await vi.waitFor(() => expect(recordsOf(USER_ID)).toEqual([A_EPISODE]), { timeout: 20_000, interval: 100 })
    aDaemon.child.kill('SIGINT')
    expect(await aDaemon.code).toBe(0)
    expect(recordsOf(OTHER_USER_ID)).toEqual([B_EPISODE])
    expect(JSON.parse((await onair(['outbox', '--json'])).stdout)).toMatchObject([{ id: aId, state: 'sent' }])
  }, 90_000)
})
