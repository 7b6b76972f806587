import type { EmuContext, EmuService } from '../types'

// Placeholder until the wiki emulator lands: answers nothing, so /api/v1 paths fall through to 404.
export function createWikiService(_ctx: EmuContext): EmuService & { token: string } {
  return { token: 'wiki-token-placeholder', handle: () => undefined }
}
