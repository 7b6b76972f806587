import type { Handlers } from '../../../shared/contract'
import { UserErrorException } from '../user-error'
import type { InboxService } from './inbox'

/**
 * The `inbox:*` handlers. The inbox is an optional dep of the core (harnesses and other features
 * compose a core without it), so each handler first checks it is there.
 */
type InboxCommand = Extract<keyof Handlers, `inbox:${string}`>

const unavailable = () =>
  new UserErrorException('inbox-unavailable', {
    en: 'The wiki inbox is not available in this build of Onair.',
    ja: 'この Onair ではWikiの受信箱を使えません。'
  })

export function inboxHandlers(inbox: InboxService | undefined): Pick<Handlers, InboxCommand> {
  const need = (): InboxService => {
    if (!inbox) throw unavailable()
    return inbox
  }
  return {
    'inbox:list': async ({ unreadOnly }) => need().view({ unreadOnly }),
    'inbox:refresh': async ({ unreadOnly }) => {
      await need().refresh()
      return need().view({ unreadOnly })
    },
    'inbox:markSeen': async ({ keys }) => ({ unseenCount: need().markSeen(keys) }),
    'inbox:markAllSeen': async () => ({ unseenCount: need().markAllSeen() }),
    'inbox:article': async (ref) => need().article(ref),
    'inbox:images': async ({ urls, asked }) => need().images(urls, asked),
    'inbox:webhookInfo': async () => need().webhookInfo()
  }
}
