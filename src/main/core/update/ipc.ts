import type { Handlers } from '../../../shared/contract'
import { UserErrorException } from '../user-error'
import type { UpdateService } from './service'

type UpdateCommand = Extract<keyof Handlers, `update:${string}`>

/** Settings → About. Harnesses without an updater answer that there is none. */
export function updateHandlers(updates: UpdateService | undefined): Pick<Handlers, UpdateCommand> {
  const need = () => {
    if (!updates) {
      throw new UserErrorException('unavailable', {
        en: 'Updates are available in the desktop app only.',
        ja: '更新はデスクトップアプリでのみ使えます。'
      })
    }
    return updates
  }
  return {
    'update:status': async () => need().view(),
    'update:act': async ({ action }) => need().act(action)
  }
}
