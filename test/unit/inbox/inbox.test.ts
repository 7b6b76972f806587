import { savedDocument } from '../../support/saved-documents'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboxTypeFamily, inboxTypeLabel } from '../../../src/main/core/inbox/types'
import { NOTIFICATION_TYPES } from '../../../src/main/core/wiki/schemas'
import { inboxPollSwitch } from '../../../src/main/core/inbox/switches'
import { startEmulator, type Emulator } from '../../emulator'
import { inboxRig, NOW } from './helpers'

describe.each([false, true])('inbox against the emulator (quirks: %s)', (quirks) => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quirks, now: () => NOW })
  })
  afterAll(() => emu.close())

  it('lists every type with its label, keeps HTML titles raw, tolerates missing fields', async () => {
    const { inbox } = inboxRig(emu)
    await inbox.refresh()
    const view = inbox.view()
    expect(view.error).toBeUndefined()
    expect(view.fetchedAt).toBe(NOW)
    // Each entry comes with its label and icon family: the view shows them as sent.
    for (const t of NOTIFICATION_TYPES) {
      const item = view.items.find((i) => i.type === t)
      expect(item?.label).toEqual(inboxTypeLabel(t))
      expect(item?.label.en).not.toBe(inboxTypeLabel('SomethingNew').en)
      expect(item?.family).toBe(inboxTypeFamily(t))
      expect(item?.family).not.toBe('other')
    }
    expect(view.items.map((i) => i.title)).toContain('mei-k reacted to your comment <img src=x onerror=alert(1)>')
    const times = view.items.map((i) => i.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const mention = view.items.find((i) => i.type === 'ArticleMentionNotification')!
    expect(mention).toMatchObject({
      source: 'notification',
      community: 'Anime Club',
      sender: { name: 'hikari', imageUrl: expect.stringMatching(/^https:/) }
    })
    expect(mention.article).toEqual({ userName: 'hikari', timestampId: '20240115093000' })
    if (quirks) {
      expect(view.items.find((i) => i.key === 'n:13')?.sender).toBeUndefined()
      expect(view.items.find((i) => i.key === 'n:14')?.community).toBeUndefined()
      expect(view.items.find((i) => i.key === 'n:15')).toMatchObject({
        type: 'PageCommentNotification',
        label: { en: 'Wiki activity', ja: 'Wikiのお知らせ' },
        family: 'other'
      })
    }
  })

  it('the unread view follows unread=1 and the local seen set', async () => {
    const { inbox } = inboxRig(emu)
    await inbox.refresh()
    const wikiUnread = emu.wiki.state.notifications.filter((n) => n.unread).map((n) => `n:${n.json.id as number}`)
    const unread = inbox.view({ unreadOnly: true })
    expect(unread.items.map((i) => i.key).sort()).toEqual(wikiUnread.sort())
    expect(unread.unseenCount).toBe(wikiUnread.length)
    expect(emu.requests.some((r) => r.path === '/api/v1/notifications' && r.query === 'unread=1')).toBe(true)

    expect(inbox.markSeen([wikiUnread[0]!])).toBe(wikiUnread.length - 1)
    expect(inbox.view({ unreadOnly: true }).items.map((i) => i.key)).not.toContain(wikiUnread[0])
    expect(inbox.view().items.find((i) => i.key === wikiUnread[0])?.seen).toBe(true)
    expect(inbox.markAllSeen()).toBe(0)
    expect(inbox.view({ unreadOnly: true }).items).toEqual([])
  })
})

describe('inbox: notifications, failures, persistence', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, now: () => NOW })
  })
  afterAll(() => emu.close())

  it('announces new unread items once, grouped, never again after more polls or a restart', async () => {
    const rig = inboxRig(emu)
    await rig.inbox.refresh()
    // The seeded unread items arrive together: one summary.
    expect(rig.notifier.shown).toHaveLength(1)
    expect(rig.notifier.shown[0]).toMatchObject({
      id: 'inbox:new',
      body: expect.stringMatching(/^\d+ new wiki notifications$/)
    })
    await rig.inbox.refresh()
    expect(rig.notifier.shown).toHaveLength(1)

    const n = emu.wiki.addNotification({
      type: 'IssueMentionNotification',
      title: 'mei-k mentioned you in <b>issue #20</b>'
    })
    await rig.inbox.refresh()
    expect(rig.notifier.shown).toHaveLength(2)
    expect(rig.notifier.shown[1]).toEqual({
      id: `inbox:n:${n.id as number}`,
      title: 'Mentioned in an issue',
      body: 'hikari: mei-k mentioned you in <b>issue #20</b>',
      target: { kind: 'inbox', notificationId: n.id }
    })

    const again = rig.restart()
    await again.inbox.refresh()
    expect(again.notifier.shown).toEqual([])
    expect(again.inbox.unseenCount()).toBe(rig.inbox.unseenCount())
    const saved = savedDocument<{ notified: string[] }>(rig.dataDir, 'inbox')!
    expect(saved.notified).toContain(`n:${n.id as number}`)
  })

  it('does not announce what was seen or what the wiki says is read; respects the notify setting', async () => {
    const rig = inboxRig(emu)
    rig.notify.on = false
    await rig.inbox.refresh()
    expect(rig.notifier.shown).toEqual([])
    rig.notify.on = true
    emu.wiki.addNotification({ unread: false })
    await rig.inbox.refresh()
    expect(rig.notifier.shown).toEqual([])
  })

  it('coalesces concurrent refreshes into one fetch; the cron trigger refreshes', async () => {
    const rig = inboxRig(emu)
    const before = emu.requests.length
    await Promise.all([rig.inbox.refresh(), rig.inbox.refresh(), rig.inbox.refresh()])
    expect(emu.requests.length - before).toBe(2)
    let tick = () => {}
    const poll = inboxPollSwitch(rig.inbox, (_cron, t) => {
      tick = t
      return { stop: () => (tick = () => {}) }
    })
    poll('*/5 * * * *')
    await rig.inbox.refresh()
    const n = emu.wiki.addNotification({ type: 'PageMentionNotification' })
    tick()
    await rig.inbox.refresh()
    expect(rig.inbox.view().items.map((i) => i.key)).toContain(`n:${n.id as number}`)
    poll('')
  })

  it('401: the wiki token message, the list kept; offline: the list kept with its age', async () => {
    const rig = inboxRig(emu)
    await rig.inbox.refresh()
    const count = rig.inbox.view().items.length

    rig.token.value = 'not-the-token'
    rig.clock.advance(60_000)
    await rig.inbox.refresh()
    const rejected = rig.inbox.view()
    expect(rejected.error?.en).toBe('Wiki token rejected — update it in Settings.')
    expect(rejected.error?.ja).toContain('Wiki')
    expect(rejected.error?.en).not.toMatch(/signed out/i)
    expect(rejected).toMatchObject({ offline: false, fetchedAt: NOW })
    expect(rejected.items).toHaveLength(count)

    rig.token.value = emu.tokens.wiki
    emu.faults.inject({ path: '/api/v1/notifications', kind: 'reset', times: 4 })
    await rig.inbox.refresh()
    const offline = rig.inbox.view()
    expect(offline).toMatchObject({ offline: true, fetchedAt: NOW, now: NOW + 60_000 })
    expect(offline.error?.en).toMatch(/offline/i)
    expect(offline.items).toHaveLength(count)
    emu.faults.clear()

    await rig.inbox.refresh()
    const back = rig.inbox.view()
    expect(back).toMatchObject({ offline: false, fetchedAt: NOW + 60_000 })
    expect(back.error).toBeUndefined()
  })

  it('without a token: says to add one, and stays empty', async () => {
    const rig = inboxRig(emu)
    rig.token.value = undefined
    await rig.inbox.refresh()
    expect(rig.inbox.view()).toMatchObject({
      items: [],
      fetchedAt: null,
      error: { en: expect.stringContaining('No wiki token') }
    })
  })

  it('the article preview reads the article an item points to', async () => {
    const rig = inboxRig(emu)
    const a = await rig.inbox.article({ userName: 'hikari', timestampId: '20240115093000' })
    expect(a).toMatchObject({
      title: 'Review: Frieren episode 12',
      tags: ['anime', 'review'],
      author: { name: 'hikari' },
      community: 'Anime Club'
    })
    expect(typeof a.renderedBody).toBe('string')
    await expect(rig.inbox.article({ userName: 'hikari', timestampId: '20000101000000' })).rejects.toMatchObject({
      userError: { code: 'wiki-not_found' }
    })
  })

  it('reports unseen-count changes to listeners', async () => {
    const rig = inboxRig(emu)
    const counts: number[] = []
    const off = rig.inbox.onChange((n) => counts.push(n))
    await rig.inbox.refresh()
    rig.inbox.markAllSeen()
    off()
    expect(counts.at(-1)).toBe(0)
    expect(counts[0]).toBeGreaterThan(0)
  })
})
