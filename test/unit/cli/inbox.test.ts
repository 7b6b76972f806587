import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, type Emulator } from '../../emulator'
import { fakeIo } from '../../support/fake-io'
import { tempDir } from '../../support/temp-dir'

describe('onair inbox (in process, against the emulator)', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  const env = (token = emu.tokens.wiki) => ({
    ONAIR_DATA_DIR: join(tempDir('onair-cli-inbox-'), 'data'),
    ONAIR_WIKI_URL: emu.baseUrl,
    ONAIR_WIKI_TOKEN: token
  })

  it('--json prints one array with every notification, titles raw; --unread uses unread=1', async () => {
    const e = env()
    const io = fakeIo(e)
    expect(await runCli(['inbox', '--json'], io)).toBe(0)
    expect(io.stdout).toHaveLength(1)
    const items = JSON.parse(io.stdout[0]!) as {
      id: number
      type: string
      title: string
      unread: boolean
      seen: boolean
    }[]
    expect(items).toHaveLength(emu.wiki.state.notifications.length)
    expect(items.map((i) => i.title)).toContain('mei-k reacted to your comment <img src=x onerror=alert(1)>')
    // The wiki's own ids and field names.
    const ids = (list: { id: number }[]) => list.map((n) => n.id).sort((a, b) => a - b)
    expect(ids(items)).toEqual(ids(emu.wiki.state.notifications.map((n) => n.json as { id: number })))
    expect(Object.keys(items[0]!)).toEqual([
      'id',
      'type',
      'title',
      'url',
      'community',
      'sender',
      'created_at',
      'unread',
      'seen'
    ])
    expect(items[0]).toMatchObject({ seen: false })

    const unread = fakeIo(e)
    expect(await runCli(['inbox', '--unread', '--json'], unread)).toBe(0)
    const unreadItems = JSON.parse(unread.stdout[0]!) as { unread: boolean }[]
    expect(unreadItems.length).toBe(emu.wiki.state.notifications.filter((n) => n.unread).length)
    expect(unreadItems.every((i) => i.unread)).toBe(true)
  })

  it('prints one line per item in text mode', async () => {
    const io = fakeIo(env())
    expect(await runCli(['inbox'], io)).toBe(0)
    expect(io.stdout.find((l) => l.includes('Mentioned in an article'))).toMatch(
      /^\* \d{4}-\d\d-\d\d \d\d:\d\d {2}Mentioned in an article {2}hikari {2}/
    )
  })

  it('a rejected token: exit 1 and the wiki token message; no wiki: says what to set', async () => {
    const bad = fakeIo(env('wrong-token'))
    expect(await runCli(['inbox', '--json'], bad)).toBe(1)
    expect(bad.stderr).toEqual(['Wiki token rejected — update it in Settings.'])
    const none = fakeIo({ ONAIR_DATA_DIR: env().ONAIR_DATA_DIR })
    expect(await runCli(['inbox'], none)).toBe(1)
    expect(none.stderr.join('\n')).toContain('ONAIR_WIKI_TOKEN')
  })
})
