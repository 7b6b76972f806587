import { Rating } from '../../../shared/records'
import { watchedRecord } from '../../../shared/watched-record'
import { scheduleFileStore } from '../../core/programs/schedule-file'
import { movedAside } from '../moved-aside'
import { UsageError, EXIT, type Command } from '../command'
import { positiveInt, reportSettled, runOutboxCommand, sendAndWait, signedInRecords } from './outbox'

/**
 * `onair record <episode-id>`: the same outbox as the app's one-click record. It waits out the undo
 * window (Ctrl-C then undoes it, nothing sent), sends, and prints the record; when the service
 * cannot take it, the entry stays queued for `onair run` or `onair outbox retry`.
 */
export const record: Command = {
  usage: [
    'record <episode-id> [--comment <text>] [--rating <1-5>] [--share-microblog] [--share-socialnet] [--program <id>] [--no-wait]'
  ],
  description: {
    en: 'Waits 10 seconds before sending (press Ctrl-C to undo; nothing is sent). Prints "Recorded episode <id>: record #<record-id>" when the service has it. Not sent (offline, service trouble): the record stays in the outbox and the exit code is 1. When the episode is in the saved schedule ("onair upcoming"), Onair knows its broadcast and checks, after a lost answer, whether the record was saved instead of asking you; --program names the broadcast for an episode that is not. The same holds when this command is killed while sending: the next Onair that sends ("onair run", the app) checks the service and settles the record. It asks you (needs-confirmation in "onair outbox") only when the service cannot tell: the episode had a record of yours before (a rewatch), or its broadcast is unknown. A send that has not settled 60 s after it is due is left queued (exit 1) for "onair run", the app or "onair outbox retry".',
    ja: '送信まで 10 秒待ちます（Ctrl-C で取り消し。何も送信されません）。保存されると「Recorded episode <id>: record #<記録 ID>」を表示します。送信できない場合（オフライン、サービスの障害）は送信待ちに残り、終了コードは 1 です。保存済みの番組表（「onair upcoming」）にあるエピソードは放送枠がわかるため、応答が失われたときに保存されたかを自動で確認します。番組表にないエピソードは --program で放送枠を指定できます。送信中にこのコマンドが強制終了された場合も、次に送信する Onair（「onair run」やアプリ）がサービスを確認して記録を確定します。確認をお願いする（「onair outbox」で needs-confirmation）のは、サービスの状態から判断できない場合だけです: 以前にも記録したエピソード（再視聴）か、放送枠がわからない場合。送信予定から 60 秒たっても結果が出ない場合は送信待ちに残し（終了コード 1）、「onair run」、アプリ、または「onair outbox retry」が送信します。'
  },
  options: {
    comment: { type: 'string', value: 'text', help: { en: 'comment (may span lines)', ja: 'コメント（複数行可）' } },
    rating: {
      type: 'string',
      value: '1-5',
      help: { en: 'rating from 1 to 5 in steps of 0.5', ja: '1〜5 の評価（0.5 刻み）' }
    },
    'share-microblog': {
      type: 'boolean',
      help: { en: 'share to the microblog service', ja: 'マイクロブログに共有する' }
    },
    'share-socialnet': { type: 'boolean', help: { en: 'share to the social network', ja: 'SNS に共有する' } },
    program: {
      type: 'string',
      value: 'id',
      help: { en: 'the broadcast (program id) this episode came from', ja: 'このエピソードの放送枠（プログラム ID）' }
    },
    'no-wait': {
      type: 'boolean',
      help: { en: 'send at once, without the undo window', ja: '取り消し待ちをせずにすぐ送信する' }
    }
  },
  positionals: { min: 1, max: 1 },
  run(ctx) {
    return runOutboxCommand(ctx, async () => {
      const episodeId = positiveInt(ctx.positionals[0], 'episode-id')
      const rating = ctx.flags.rating === undefined ? null : Rating.safeParse(Number(ctx.flags.rating))
      if (rating && !rating.success) {
        throw new UsageError({
          en: '--rating must be from 1 to 5 in steps of 0.5.',
          ja: '--rating は 1〜5 の 0.5 刻みで指定してください。'
        })
      }
      const program = typeof ctx.flags.program === 'string' ? positiveInt(ctx.flags.program, '--program') : undefined
      const { outbox } = await signedInRecords(ctx)
      outbox.start({ scope: 'own' })
      // Without --program, the saved schedule names the broadcast (so a lost answer can be reconciled
      // instead of asking the user), the work and what to show; an episode not in it goes without them.
      const scheduled =
        program === undefined
          ? scheduleFileStore(ctx.config.dataDir, movedAside(ctx))
              .read()
              .programs.find((p) => p.episode?.id === episodeId)
          : undefined
      const entry = outbox.record(
        {
          episodeId,
          ...(program === undefined ? scheduled && watchedRecord(scheduled) : { programId: program }),
          comment: typeof ctx.flags.comment === 'string' ? ctx.flags.comment : '',
          rating: rating ? rating.data : null,
          shareMicroblog: ctx.flags['share-microblog'] === true,
          shareSocialnet: ctx.flags['share-socialnet'] === true
        },
        { immediate: ctx.flags['no-wait'] === true }
      )
      let undone = false
      // Ctrl-C during the window is "undo"; once sending has begun it interrupts as usual.
      const onInterrupt = () => {
        undone = true
        outbox.undo(entry.id)
      }
      if (entry.sendAt !== undefined) {
        // Listening before saying so: a Ctrl-C right after the line must already mean "undo".
        process.once('SIGINT', onInterrupt)
        const seconds = Math.round((entry.sendAt - ctx.clock.now()) / 1000)
        ctx.io.err(
          ctx.t({
            en: `Sending in ${seconds} s. Press Ctrl-C to undo.`,
            ja: `${seconds} 秒後に送信します。Ctrl-C で取り消せます。`
          })
        )
        outbox.onChange((entries) => {
          if (entries.find((e) => e.id === entry.id)?.state !== 'waiting') process.removeListener('SIGINT', onInterrupt)
        })
      }
      const settled = await sendAndWait(outbox, entry.id, ctx.clock)
      outbox.stop()
      process.removeListener('SIGINT', onInterrupt)
      if (undone) {
        ctx.io.err(ctx.t({ en: 'Undone: nothing was sent.', ja: '取り消しました。何も送信していません。' }))
        return EXIT.failure
      }
      const e = settled.entry
      const id = e.kind === 'record' && e.recordId ? `record #${e.recordId}` : 'record id unknown'
      return reportSettled(ctx, settled, `Recorded episode ${episodeId}: ${id}`)
    })
  }
}
