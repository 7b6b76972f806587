import { WorksQuery, type WorkItem } from '../../../shared/records'
import { EXIT, UsageError, type Command, type CommandContext } from '../command'
import { openCliRecords, readAccount } from '../context'
import { positiveInt, runOutboxCommand } from './outbox'

/**
 * `onair works`: one page of the works you hold a status on. `--json` prints the page as the app
 * gets it: `{"works": [{"id", "title", "media", "season", "seasonText", "episodesCount",
 * "watchersCount", "status"}], "totalCount", "page", "hasNext"}` (absent fields left out).
 */
export const works: Command = {
  usage: [
    'works [--status <kind>] [--season <year-season>] [--title <text>] [--sort id|season|watchers] [--order asc|desc] [--page <n>] [--per-page 25|50] [--json]'
  ],
  options: {
    status: {
      type: 'string',
      value: 'kind',
      help: {
        en: 'wanna_watch, watching, watched, on_hold or stop_watching',
        ja: 'wanna_watch、watching、watched、on_hold、stop_watching のいずれか'
      }
    },
    season: {
      type: 'string',
      value: 'year-season',
      help: { en: 'e.g. 2024-spring, or 2024-all for the whole year', ja: '例: 2024-spring（年全体は 2024-all）' }
    },
    title: { type: 'string', value: 'text', help: { en: 'part of the title', ja: 'タイトルの一部' } },
    sort: {
      type: 'string',
      value: 'by',
      help: { en: 'id, season or watchers', ja: 'id、season、watchers のいずれか' }
    },
    order: {
      type: 'string',
      value: 'asc|desc',
      help: { en: 'sort order (default desc)', ja: '並び順（既定は desc）' }
    },
    page: { type: 'string', value: 'n', help: { en: 'page number (default 1)', ja: 'ページ番号（既定は 1）' } },
    'per-page': {
      type: 'string',
      value: '25|50',
      help: { en: 'works per page (default 25)', ja: '1 ページの件数（既定は 25）' }
    },
    json: { type: 'boolean', help: { en: 'print the page as JSON', ja: 'ページを JSON で出力する' } }
  },
  run(ctx) {
    return runOutboxCommand(ctx, async () => {
      const page = await openCliRecords(ctx, await readAccount(ctx)).works.list(queryOf(ctx))
      if (ctx.flags.json) {
        ctx.io.out(JSON.stringify(page))
        return EXIT.ok
      }
      for (const w of page.works) ctx.io.out(line(w))
      const total = page.totalCount ?? '?'
      ctx.io.err(
        ctx.t({
          en: `Page ${page.page}, ${total} works in all${page.hasNext ? '; more with --page ' + (page.page + 1) : ''}.`,
          ja: `${page.page} ページ目（全 ${total} 件）${page.hasNext ? `。続きは --page ${page.page + 1}` : ''}。`
        })
      )
      return EXIT.ok
    })
  }
}

function queryOf(ctx: CommandContext): WorksQuery {
  const f = (k: string) => (typeof ctx.flags[k] === 'string' ? (ctx.flags[k] as string) : undefined)
  const sort = f('sort')
  const raw = {
    ...(f('status') === undefined ? {} : { status: f('status') }),
    ...(f('season') === undefined ? {} : { season: f('season') }),
    ...(f('title') === undefined ? {} : { title: f('title') }),
    ...(sort === undefined ? {} : { sort: { by: sort, order: f('order') ?? 'desc' } }),
    page: f('page') === undefined ? 1 : positiveInt(f('page'), '--page'),
    perPage: f('per-page') === undefined ? 25 : Number(f('per-page'))
  }
  if (f('order') !== undefined && sort === undefined) {
    throw new UsageError({ en: '--order needs --sort.', ja: '--order には --sort が必要です。' })
  }
  const parsed = WorksQuery.safeParse(raw)
  if (!parsed.success) {
    const at = parsed.error.issues.map((i) => `--${String(i.path[0] ?? '').replace('perPage', 'per-page')}`).join(', ')
    throw new UsageError({
      en: `Invalid value for ${at}; see --help.`,
      ja: `${at} の値が正しくありません。--help を参照してください。`
    })
  }
  return parsed.data
}

function line(w: WorkItem): string {
  return [String(w.id).padStart(6), (w.status ?? '-').padEnd(13), (w.season ?? '-').padEnd(12), w.title ?? ''].join(
    '  '
  )
}
