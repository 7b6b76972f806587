import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createImageLoader } from '../../../src/main/core/images/loader'
import { startEmulator, type Emulator } from '../../emulator'
import { startStranger, type Stranger } from '../../stranger/server'
import { tempDir } from '../../support/temp-dir'
import { inboxRig, NOW } from './helpers'
import { documentBody } from '../../../src/main/core/store/document'

/**
 * Avatars reach the view only from the wiki's own host (the emulator's senders have theirs on
 * `avatars.wiki.example`), fetched by the core, as data, and never into the saved list.
 */
let emu: Emulator
let stranger: Stranger
let dataDir: string
beforeAll(async () => {
  emu = await startEmulator({ port: 0, now: () => NOW })
  stranger = await startStranger()
})
afterAll(async () => {
  emu.close()
  await stranger.close()
})
beforeEach(() => {
  dataDir = tempDir('onair-avatars-')
  stranger.seen.length = 0
})

const rigFor = (wikiUrl: string) =>
  inboxRig(emu, dataDir, (clock) =>
    createImageLoader({ clock, wikiUrl: () => wikiUrl, wikiImages: () => false, net: stranger.net })
  )

describe('avatars in the inbox', () => {
  it('arrive after the list, as data, announced as a change; the saved list keeps only the address', async () => {
    const { inbox } = rigFor('https://wiki.example')
    await inbox.refresh()
    const changed = new Promise<number>((resolve) => inbox.onChange(resolve))
    expect(inbox.view().items.filter((i) => i.sender?.avatar)).toEqual([])
    await changed
    const withAvatar = inbox.view().items.filter((i) => i.sender?.avatar)
    expect(withAvatar.length).toBeGreaterThan(0)
    for (const i of withAvatar) expect(i.sender?.avatar).toMatch(/^data:image\/png;base64,/)
    expect(new Set(stranger.seen.map((r) => r.split('/')[0]))).toEqual(new Set(['avatars.wiki.example']))
    expect(documentBody(dataDir, 'inbox')).not.toContain('data:image')
  })

  it('are left out when they are not on the wiki host, and never asked for', async () => {
    const { inbox } = rigFor('https://another-wiki.example')
    await inbox.refresh()
    inbox.view()
    const a = await inbox.article({ userName: 'hikari', timestampId: '20240115093000' })
    expect(a.author).toEqual({ name: 'hikari' })
    expect(inbox.view().items.filter((i) => i.sender?.avatar)).toEqual([])
    expect(stranger.seen).toEqual([])
  })

  it("the article's author comes with the avatar when it is the wiki's", async () => {
    const { inbox } = rigFor('https://wiki.example')
    const a = await inbox.article({ userName: 'hikari', timestampId: '20240115093000' })
    expect(a.author.avatar).toMatch(/^data:image\/png;base64,/)
    expect(stranger.seen).toEqual(['avatars.wiki.example/u/2.png'])
  })

  it('an inbox without an image loader (the command line) shows none and fetches none', async () => {
    const { inbox } = inboxRig(emu, dataDir)
    await inbox.refresh()
    expect(inbox.view().items.filter((i) => i.sender?.avatar)).toEqual([])
    expect(await inbox.images(['https://stranger.example/img/a.png'], true)).toEqual([null])
    expect(stranger.seen).toEqual([])
  })
})
