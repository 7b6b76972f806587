import { catchUpEpisodes, catchUpGroups, upToHere } from '../../../shared/catch-up-list'
import { episodeLine } from '../../../shared/episode-label'
import type { OutboxEntry } from '../../../shared/records'
import { watchedRecord } from '../../../shared/watched-record'
import { localTime } from '../../core/reminders/reminder-text'
import { EXIT, UsageError, type Command, type CommandContext, type ExitCode } from '../command'
import { shownCatchUp } from '../catch-up-list'
import { failWith } from '../report'
import { positiveInt, reportSettled, runOutboxCommand, sendAndWait, signedInRecords } from './outbox'

/**
 * `onair catch-up`: the episodes that aired in the last `catchUp.days` days and are not recorded,
 * grouped by work, newest first; `watched <episode-id>` records that episode and every earlier one
 * of its work on the list ("watched up to here"), through the outbox with its undo window.
 * `--json` is a contract: `{"fetchedAt", "offline", "days", "works": [{"work", "episodes": [...]}]}`
 * with episodes as the schedule cache keeps programs.
 */
export const catchUp: Command = {
  usage: ['catch-up [--json] [--from-cache]', 'catch-up watched <episode-id> [--no-wait]'],
  positionals: { min: 0, max: 2 },
  description: {
    en: 'Lists the episodes that aired in the last 7 days (the catchUp.days setting, 1 to 30) and that you have not recorded, grouped by work, newest first, and saves the list for offline use. When the service cannot be reached, shows the saved list and says so on stderr. --json prints {"fetchedAt", "offline", "days", "works": [{"work", "episodes": [...]}]}. "watched <episode-id>" records that episode and every earlier one of its work on the saved list, oldest first; like "onair record" it waits 10 seconds first (Ctrl-C undoes them all; nothing is sent) and exits 1 when any record is left in the outbox.',
    ja: '過去 7 日間（設定 catchUp.days、1〜30）に放送され、まだ記録していないエピソードを、作品ごとに新しい順で表示し、オフライン用に保存します。サービスに接続できない場合は保存済みの一覧を表示し、その旨を標準エラーに出します。--json では {"fetchedAt", "offline", "days", "works": [{"work", "episodes": [...]}]} を出力します。「watched <エピソード ID>」は、そのエピソードと、保存済みの一覧にある同じ作品のそれより前のエピソードをすべて古い順に記録します。「onair record」と同じく送信まで 10 秒待ち（Ctrl-C ですべて取り消し。何も送信されません）、送信待ちに残った記録があれば終了コードは 1 です。'
  },
  options: {
    json: {
      type: 'boolean',
      help: { en: 'print the list as JSON', ja: '一覧を JSON で出力する' }
    },
    'from-cache': {
      type: 'boolean',
      help: { en: 'the saved list, without asking the service', ja: 'サービスに問い合わせず、保存済みの一覧を使う' }
    },
    'no-wait': {
      type: 'boolean',
      help: { en: 'send at once, without the undo window', ja: '取り消し待ちをせずにすぐ送信する' }
    }
  },
  async run(ctx) {
    const [action, id] = ctx.positionals
    if (action === undefined) return list(ctx)
    if (action !== 'watched' || id === undefined) {
      throw new UsageError({
        en: 'Use "onair catch-up" or "onair catch-up watched <episode-id>".',
        ja: '「onair catch-up」または「onair catch-up watched <エピソード ID>」の形で指定してください。'
      })
    }
    return watchedUpTo(ctx, positiveInt(id, 'episode-id'))
  }
}

async function list(ctx: CommandContext): Promise<ExitCode> {
  let shown
  try {
    shown = await shownCatchUp(ctx, ctx.flags['from-cache'] === true)
  } catch (e) {
    return failWith(ctx, e)
  }
  const { list: saved, fresh, recorded } = shown
  if (!fresh) {
    ctx.io.err(
      ctx.t(
        saved.fetchedAt
          ? {
              en: `Showing the list saved at ${saved.fetchedAt}.`,
              ja: `${saved.fetchedAt} に保存した一覧を表示します。`
            }
          : { en: 'No saved catch-up list to show yet.', ja: '保存済みの一覧はまだありません。' }
      )
    )
  }
  const groups = catchUpGroups(catchUpEpisodes(saved.programs, recorded))
  if (ctx.flags.json) {
    ctx.io.out(JSON.stringify({ fetchedAt: saved.fetchedAt, offline: !fresh, days: saved.days, works: groups }))
  } else if (groups.length === 0) {
    ctx.io.err(
      ctx.t({
        en: `All caught up: nothing unrecorded aired in the last ${saved.days} days.`,
        ja: `見逃しはありません: 過去 ${saved.days} 日間に放送された未記録のエピソードはありません。`
      })
    )
  } else {
    const text = { locale: ctx.locale, now: ctx.clock.now() }
    for (const { work, episodes } of groups) {
      ctx.io.out(work.title)
      for (const p of episodes) {
        const episode = episodeLine(p.episode, ctx.locale)
        ctx.io.out(`  ${p.episode?.id}  ${localTime(p.startedAt, text)}  ${episode} (${p.channel.name})`)
      }
    }
  }
  return !shown.fileTrouble && (fresh || saved.fetchedAt) ? EXIT.ok : EXIT.failure
}

async function watchedUpTo(ctx: CommandContext, episodeId: number): Promise<ExitCode> {
  return runOutboxCommand(ctx, async () => {
    const { list: saved, recorded } = await shownCatchUp(ctx, true)
    const programs = upToHere(catchUpEpisodes(saved.programs, recorded), episodeId)
    if (programs.length === 0) {
      ctx.io.err(
        ctx.t({
          en: `Episode ${episodeId} is not on the catch-up list ("onair catch-up" shows it).`,
          ja: `エピソード ${episodeId} は見逃した放送の一覧にありません（「onair catch-up」で確認できます）。`
        })
      )
      return EXIT.failure
    }
    const { outbox } = await signedInRecords(ctx)
    outbox.start({ scope: 'own' })
    const immediate = ctx.flags['no-wait'] === true
    const entries: OutboxEntry[] = programs.flatMap((p) => {
      const record = watchedRecord(p)
      return record ? [outbox.record(record, { immediate })] : []
    })
    let undone = false
    const onInterrupt = () => {
      undone = true
      for (const e of entries) outbox.undo(e.id)
    }
    const sendAt = entries[0]?.sendAt
    if (sendAt !== undefined) {
      process.once('SIGINT', onInterrupt)
      const seconds = Math.round((sendAt - ctx.clock.now()) / 1000)
      ctx.io.err(
        ctx.t({
          en: `Recording ${entries.length} episodes in ${seconds} s. Press Ctrl-C to undo.`,
          ja: `${seconds} 秒後に ${entries.length} 話分を記録します。Ctrl-C で取り消せます。`
        })
      )
    }
    const settled = []
    for (const e of entries) {
      const waited = await sendAndWait(outbox, e.id, ctx.clock)
      // Once the first is on its way, Ctrl-C interrupts as usual.
      process.removeListener('SIGINT', onInterrupt)
      settled.push(waited)
    }
    outbox.stop()
    process.removeListener('SIGINT', onInterrupt)
    if (undone) {
      ctx.io.err(ctx.t({ en: 'Undone: nothing was sent.', ja: '取り消しました。何も送信していません。' }))
      return EXIT.failure
    }
    let code: ExitCode = EXIT.ok
    for (const waited of settled) {
      const e = waited.entry
      const id = e.kind === 'record' && e.recordId ? `record #${e.recordId}` : 'record id unknown'
      const line = e.kind === 'record' ? `Recorded episode ${e.episodeId}: ${id}` : id
      if (reportSettled(ctx, waited, line) !== EXIT.ok) code = EXIT.failure
    }
    return code
  })
}
