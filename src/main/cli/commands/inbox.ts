import type { InboxItem } from '../../../shared/inbox'
import { createInbox, type InboxService } from '../../core/inbox/inbox'
import { inboxFileStore } from '../../core/inbox/store'
import { EXIT, type Command, type CommandContext } from '../command'
import { readAccount, type CliAccount } from '../context'
import { movedAside } from '../moved-aside'

/**
 * `onair inbox`: the wiki notifications once (`onair run` keeps them polled through the app's
 * services).
 */
const NO_WIKI = {
  en: 'The wiki is not configured: set ONAIR_WIKI_URL (or --wiki-url) and ONAIR_WIKI_TOKEN, or save a token in the app.',
  ja: 'Wikiが設定されていません。ONAIR_WIKI_URL（または --wiki-url）と ONAIR_WIKI_TOKEN を設定するか、アプリでトークンを保存してください。'
}

/** A listing shows the items itself, so it raises no desktop notification for them. */
function listingInbox(ctx: CommandContext, cli: CliAccount): InboxService {
  return createInbox({
    wiki: () => cli.account.wiki(),
    store: inboxFileStore(ctx.config.dataDir, movedAside(ctx)),
    clock: ctx.clock,
    notifier: { show: () => {} },
    notify: () => false,
    language: () => ctx.locale
  })
}

function line(ctx: CommandContext, item: InboxItem): string {
  const when = new Date(item.createdAt).toISOString().slice(0, 16).replace('T', ' ')
  const mark = item.unread && !item.seen ? '*' : ' '
  return [`${mark} ${when}`, ctx.t(item.label), item.sender?.name ?? '-', item.title, item.url ?? '']
    .join('  ')
    .trimEnd()
}

/**
 * `--json` prints the notifications in the wiki's own field names (what scripts written against
 * the service expect), plus Onair's `unread` and `seen`. Webhook events are not notifications and
 * stay out; the app's inbox shows them.
 */
function asNotification(item: InboxItem) {
  const id = /^n:(\d+)$/.exec(item.key)?.[1]
  if (item.source !== 'notification' || id === undefined) return []
  return [
    {
      id: Number(id),
      type: item.type,
      title: item.title,
      url: item.url ?? null,
      community: item.community === undefined ? null : { name: item.community },
      sender: item.sender === undefined ? null : { name: item.sender.name, image_url: item.sender.imageUrl ?? null },
      created_at: new Date(item.createdAt).toISOString(),
      unread: item.unread,
      seen: item.seen
    }
  ]
}

export const inbox: Command = {
  usage: ['inbox [--unread] [--json]'],
  description: {
    en: 'Fetches the notifications from the wiki (ONAIR_WIKI_URL, ONAIR_WIKI_TOKEN) and lists them newest first; * marks unread ones not seen yet. Titles are printed as the wiki sent them. Offline, the last saved list is shown with a warning. --json prints one array of the notifications in the field names of the wiki: {"id","type","title","url","community":{"name"},"sender":{"name","image_url"},"created_at","unread","seen"}.',
    ja: 'Wiki（ONAIR_WIKI_URL、ONAIR_WIKI_TOKEN）から通知を取得し、新しい順に表示します。* は未確認の未読です。タイトルは Wiki から届いたままの文字列です。オフラインの場合は、保存済みの一覧を警告付きで表示します。--json では Wiki と同じフィールド名の通知の配列 {"id","type","title","url","community":{"name"},"sender":{"name","image_url"},"created_at","unread","seen"} を 1 つ出力します。'
  },
  options: {
    unread: { type: 'boolean', help: { en: 'only unread notifications (unread=1)', ja: '未読の通知のみ（unread=1）' } },
    json: { type: 'boolean', help: { en: 'print a JSON array', ja: 'JSON の配列を出力する' } }
  },
  async run(ctx) {
    const cli = await readAccount(ctx)
    if (!cli.account.wiki()) {
      ctx.io.err(ctx.t(cli.account.signedOutReason('wiki') ?? NO_WIKI))
      return EXIT.failure
    }
    const service = listingInbox(ctx, cli)
    await service.refresh()
    const view = service.view({ unreadOnly: ctx.flags.unread === true })
    if (view.error) ctx.io.err(ctx.t(view.error))
    if (view.error && !view.offline) return EXIT.failure
    if (ctx.flags.json) ctx.io.out(JSON.stringify(view.items.flatMap(asNotification)))
    else for (const item of view.items) ctx.io.out(line(ctx, item))
    return EXIT.ok
  }
}
