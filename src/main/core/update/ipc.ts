import type { Handlers } from '../../../shared/contract'
import type { UpdateService } from './service'

type UpdateCommand = Extract<keyof Handlers, `update:${string}`>

/** Settings → About. */
export function updateHandlers(updates: UpdateService): Pick<Handlers, UpdateCommand> {
  return {
    'update:status': async () => updates.view(),
    'update:act': async ({ action }) => updates.act(action)
  }
}
