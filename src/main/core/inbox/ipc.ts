import type { Handlers } from '../../../shared/contract'
import type { InboxService } from './inbox'

/** The `inbox:*` handlers. */
type InboxCommand = Extract<keyof Handlers, `inbox:${string}`>

export function inboxHandlers(inbox: InboxService): Pick<Handlers, InboxCommand> {
  return {
    'inbox:list': async ({ unreadOnly }) => inbox.view({ unreadOnly }),
    'inbox:refresh': async ({ unreadOnly }) => {
      await inbox.refresh()
      return inbox.view({ unreadOnly })
    },
    'inbox:markSeen': async ({ keys }) => ({ unseenCount: inbox.markSeen(keys) }),
    'inbox:markAllSeen': async () => ({ unseenCount: inbox.markAllSeen() }),
    'inbox:article': async (ref) => inbox.article(ref),
    'inbox:images': async ({ urls, asked }) => inbox.images(urls, asked),
    'inbox:webhookInfo': async () => inbox.webhookInfo()
  }
}
