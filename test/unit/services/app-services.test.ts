import { createServer } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeCorruptFile } from '../../../src/main/core/file-errors'
import type { CorruptFileReport } from '../../../src/main/core/store/database'
import { ManualClock } from '../../support/manual-clock'
import { memoryNotifier } from '../../../src/main/core/notify'
import type { AppServices } from '../../../src/main/core/services'
import { STANDBY_RETRY_MS } from '../../../src/main/core/folder-hold/folder-turn'
import { FolderHeldError, holdFolder } from '../../../src/main/core/folder-hold/folder-lock'
import type { CronFactory } from '../../../src/main/core/programs/cron'
import { startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { accountServices, servicesOf, testAccount } from '../account/helpers'
import { databaseFile } from '../../../src/main/core/store/data-files'
import { saveDocumentBody, setAsideBodies } from '../../support/saved-documents'

// Cron never ticks by itself here: the test decides when the schedules would have fired.
const ticks: Array<() => void> = []
/** The expressions of the schedules running now. */
const running: string[] = []
const manualCron: CronFactory = (expr, tick) => {
  ticks.push(tick)
  running.push(expr)
  return {
    stop: () => {
      ticks.splice(ticks.indexOf(tick), 1)
      running.splice(running.indexOf(expr), 1)
    }
  }
}

describe('app services (reminders + outbox + inbox over one account)', () => {
  let emu: Emulator | undefined
  let services: AppServices | undefined
  afterEach(async () => {
    await services?.stop()
    await emu?.close()
    services = undefined
    emu = undefined
    ticks.length = 0
    running.length = 0
  })

  it('tells the user, in both languages, about every saved document it had to set aside', async () => {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    const damaged = ['inbox', 'outbox', 'schedule', 'snoozes'] as const
    for (const name of damaged) saveDocumentBody(t.dataDir, name, '{"half": ')
    const reports: CorruptFileReport[] = []
    services = accountServices(t, { cron: manualCron, onCorrupt: (r) => reports.push(r) })
    await services.start()
    expect(reports.map((r) => r.path).sort()).toEqual(damaged.map((name) => `${databaseFile(t.dataDir)} (${name})`))
    for (const name of damaged) expect(setAsideBodies(t.dataDir, name)).toEqual(['{"half": '])
    for (const r of reports) {
      const text = describeCorruptFile(r)
      expect(text.en).toContain(r.movedTo)
      expect(text.ja).toContain(r.movedTo)
    }
    // And the app carries on: the schedule was fetched again.
    expect(services.reminders.snapshot().programs.length).toBeGreaterThan(0)
  })

  async function open(webhook = false) {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    await t.account.secrets.set('wikiToken', { value: emu.tokens.wiki, origin: emu.baseUrl })
    if (webhook) t.deps.settings.update((s) => ({ ...s, inbox: { ...s.inbox, webhook: { enabled: true, port: 0 } } }))
    const notifier = memoryNotifier()
    services = accountServices(t, { notifier, cron: manualCron })
    return { ...t, notifier, services, emu }
  }

  it('starts all three: the schedule is fetched, the inbox filled and new wiki items announced once', async () => {
    const { services, notifier } = await open()
    await services.start()
    expect(services.reminders.snapshot().programs.length).toBeGreaterThan(0)
    await vi.waitFor(() => expect(services.inbox.view().items.length).toBeGreaterThan(0))
    const inboxNotes = notifier.shown.filter((n) => n.target?.kind === 'inbox')
    expect(inboxNotes.length).toBeGreaterThan(0)
    // The next cron tick finds nothing new: no second announcement.
    for (const tick of [...ticks]) tick()
    await services.inbox.refresh()
    expect(notifier.shown.filter((n) => n.target?.kind === 'inbox')).toHaveLength(inboxNotes.length)
  })

  it('a reminder that fell due while nothing served comes first: before the inbox schedule, the outbox or the receiver start', async () => {
    const { services, notifier, dataDir, deps } = await open(true)
    deps.settings.update((s) => ({ ...s, reminders: { ...s.reminders, leadMinutes: [0] } }))
    const startedAt = new Date(Date.now() - 2_000).toISOString()
    const program = { id: 990001, startedAt, isRebroadcast: false, channel: { id: 1, name: 'Tokyo MX' } }
    saveDocumentBody(
      dataDir,
      'schedule',
      JSON.stringify({
        fetchedAt: startedAt,
        programs: [{ ...program, work: { id: 1, title: 'Overdue' }, episode: null }]
      })
    )
    // What else had started when the reminder was shown.
    const seen: Array<{ schedules: number; receiver: string | undefined }> = []
    const show = notifier.show.bind(notifier)
    notifier.show = (n) => {
      if (n.title === 'Overdue') seen.push({ schedules: running.length, receiver: services.inbox.webhookInfo().url })
      show(n)
    }
    await services.start()
    expect(seen).toEqual([{ schedules: 0, receiver: undefined }])
    expect(running.length).toBeGreaterThan(0)
    expect(services.inbox.webhookInfo().url).toBeDefined()
  })

  it('a settings write through the services re-plans the reminders', async () => {
    const { services } = await open()
    await services.start()
    const before = services.reminders.snapshot().programs.length
    services.settings.update((s) => ({ ...s, reminders: { ...s.reminders, leadMinutes: [30] } }))
    expect(services.settings.read().reminders.leadMinutes).toEqual([30])
    expect(services.reminders.snapshot().programs.length).toBe(before)
  })

  it('runs the webhook receiver when the setting is on, and stops it with the rest', async () => {
    const { services, emu } = await open(true)
    await services.start()
    const info = services.inbox.webhookInfo()
    expect(info.enabled).toBe(true)
    const url = info.url!
    const answer = await emu.wiki.sendWebhook(url, emu.wiki.webhookEvent('issue_created'))
    expect(answer.status).toBe(200)
    expect(services.inbox.view().items.some((i) => i.type === 'issue_created')).toBe(true)
    await services.stop()
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow()
  })

  it('turning the receiver on and off in the settings starts and stops it at once, on the same URL', async () => {
    const { services, emu } = await open()
    await services.start()
    expect(services.inbox.webhookInfo()).toEqual({ enabled: false })
    const webhook = (enabled: boolean) =>
      services.settings.update((s) => ({ ...s, inbox: { ...s.inbox, webhook: { enabled, port: 0 } } }))

    webhook(true)
    await services.settings.settled()
    const url = services.inbox.webhookInfo().url!
    expect((await emu.wiki.sendWebhook(url, emu.wiki.webhookEvent('issue_created'))).status).toBe(200)
    // An unrelated write leaves the running receiver alone.
    services.settings.update((s) => ({ ...s, reminders: { ...s.reminders, graceMinutes: 5 } }))
    await services.settings.settled()
    expect(services.inbox.webhookInfo().url).toBe(url)

    webhook(false)
    await services.settings.settled()
    expect(services.inbox.webhookInfo()).toEqual({ enabled: false })
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow()

    // The secret is kept, so the address registered in the wiki keeps working (on a free port).
    webhook(true)
    await services.settings.settled()
    expect(new URL(services.inbox.webhookInfo().url!).pathname).toBe(new URL(url).pathname)
  })

  it('a busy port leaves the receiver enabled without a URL and the rest running', async () => {
    const { services } = await open()
    await services.start()
    const busy = createServer()
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done))
    const port = (busy.address() as { port: number }).port
    try {
      services.settings.update((s) => ({ ...s, inbox: { ...s.inbox, webhook: { enabled: true, port } } }))
      await services.settings.settled()
      expect(services.inbox.webhookInfo()).toEqual({ enabled: true })
      expect(services.reminders.snapshot().programs.length).toBeGreaterThan(0)
    } finally {
      busy.close()
    }
  })

  it('a new inbox poll schedule replaces the running one', async () => {
    const { services } = await open()
    await services.start()
    expect(running).toContain('*/5 * * * *')
    services.settings.update((s) => ({ ...s, inbox: { ...s.inbox, cron: '*/30 * * * *' } }))
    expect(running).toContain('*/30 * * * *')
    expect(running).not.toContain('*/5 * * * *')
    await services.stop()
    expect(running).toEqual([])
  })

  it('sends what waited in the outbox when the network comes back', async () => {
    const { services, emu } = await open()
    await services.start()
    await emu.suspend()
    const program = services.reminders.snapshot().programs.find((p) => p.episode)!
    services.records.outbox.record(
      {
        episodeId: program.episode!.id,
        programId: program.id,
        comment: '',
        rating: null,
        shareMicroblog: false,
        shareSocialnet: false
      },
      { immediate: true }
    )
    // The media client retries its look-ups a few times before the send is given up for now.
    await vi.waitFor(
      () => expect(services.records.outbox.entries()[0]).toMatchObject({ state: 'failed', willRetry: true }),
      { timeout: 15_000 }
    )
    expect(emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === program.episode!.id)).toHaveLength(0)
    await emu.resume()
    services.networkBack()
    await vi.waitFor(
      () =>
        expect(
          emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === program.episode!.id)
        ).toHaveLength(1),
      { timeout: 15_000 }
    )
  }, 40_000)
})

describe('app services beside another daemon on the same folder', () => {
  it('the app stands by while `onair run` holds the folder and serves the reminders once it ends', async () => {
    const emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    const clock = new ManualClock(Date.now())
    const daemon = holdFolder(t.dataDir, { face: 'cli', now: clock.now() })
    expect(daemon.ok).toBe(true)
    const app = accountServices(t, { clock, cron: manualCron, hold: { face: 'app', whenHeld: 'standby' } })
    await app.start()
    // Standing by: no poll of its own, but recording works.
    expect(app.reminders.snapshot().state).toBe('idle')
    expect(() => app.records.outbox.record({ episodeId: 301 })).not.toThrow()
    if (daemon.ok) daemon.hold.release()
    clock.advance(STANDBY_RETRY_MS)
    await vi.waitFor(() => expect(app.reminders.snapshot().state).toBe('ok'))
    // Now the app holds it: a `onair run` would be refused.
    expect(holdFolder(t.dataDir, { face: 'cli', now: clock.now() })).toMatchObject({
      ok: false,
      holder: { face: 'app' }
    })
    await app.stop()
    expect(holdFolder(t.dataDir, { face: 'cli', now: clock.now() }).ok).toBe(true)
    await emu.close()
  })

  it('`refuse` (onair run) throws FolderHeldError naming the holder', async () => {
    const t = testAccount()
    expect(holdFolder(t.dataDir, { face: 'app', now: 0 }).ok).toBe(true)
    const run = accountServices(t, {
      clock: new ManualClock(),
      cron: manualCron,
      hold: { face: 'cli', whenHeld: 'refuse' }
    })
    await expect(run.start()).rejects.toThrow(FolderHeldError)
    await expect(run.start()).rejects.toThrow(/the Onair app \(pid \d+/)
    // Stopped like every other test's services: work begun by opening must not outlive the folder.
    await run.stop()
  })
})
