import { ManualClock } from '../../support/manual-clock'
import type { ImageLoader } from '../../../src/main/core/images/loader'
import { createInbox, type InboxService } from '../../../src/main/core/inbox/inbox'
import { inboxFileStore } from '../../../src/main/core/inbox/store'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { memoryNotifier } from '../../../src/main/core/notify'
import { createWikiClient } from '../../../src/main/core/wiki/client'
import type { Emulator } from '../../emulator'
import { tempDir } from '../../support/temp-dir'

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)

export interface InboxRig {
  inbox: InboxService
  notifier: ReturnType<typeof memoryNotifier>
  clock: ManualClock
  dataDir: string
  token: { value: string | undefined }
  notify: { on: boolean }
  /** A second inbox over the same data folder, its database opened afresh, as after a restart. */
  restart(): InboxRig
}

/** An inbox over a real data folder in a temp folder, talking to the emulator's wiki (images: none unless given). */
export function inboxRig(
  emu: Emulator,
  dataDir = tempDir('onair-inbox-'),
  images?: (clock: ManualClock) => ImageLoader
): InboxRig {
  const clock = new ManualClock(NOW)
  const notifier = memoryNotifier()
  const token = { value: emu.tokens.wiki as string | undefined }
  const notify = { on: true }
  const wiki = createWikiClient({ baseUrl: emu.baseUrl, token: () => token.value, timeoutMs: 2000 })
  const inbox = createInbox({
    wiki: () => (token.value === undefined ? undefined : wiki),
    store: inboxFileStore(dataDir),
    clock,
    notifier,
    notify: () => notify.on,
    language: () => 'en',
    images: images?.(clock)
  })
  const restart = (): InboxRig => {
    closeFolderDatabases()
    return inboxRig(emu, dataDir, images)
  }
  return { inbox, notifier, clock, dataDir, token, notify, restart }
}
