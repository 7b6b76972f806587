import { StatusKind, STATUS_KINDS } from '../../../shared/records'
import { UsageError, type Command } from '../command'
import { positiveInt, reportSettled, runOutboxCommand, sendAndWait, signedInRecords } from './outbox'

/** `onair status <work-id> <kind>`: through the outbox like the app, waiting for the service's answer. */
export const status: Command = {
  usage: ['status <work-id> <kind>'],
  description: {
    en: `Kinds: ${STATUS_KINDS.join(', ')}. When the service cannot be reached the change stays in the outbox (see "onair outbox").`,
    ja: `種類: ${STATUS_KINDS.join(', ')}。サービスに接続できない場合、変更は送信待ちに残ります（「onair outbox」を参照）。`
  },
  options: {},
  positionals: { min: 2, max: 2 },
  run(ctx) {
    return runOutboxCommand(ctx, async () => {
      const [rawId, rawKind] = ctx.positionals
      const workId = positiveInt(rawId, 'work-id')
      const kind = StatusKind.safeParse(rawKind)
      if (!kind.success) {
        throw new UsageError({
          en: `Unknown kind "${rawKind}"; use one of ${STATUS_KINDS.join(', ')}.`,
          ja: `不明な種類「${rawKind}」です。${STATUS_KINDS.join(', ')} のいずれかを指定してください。`
        })
      }
      const { outbox } = await signedInRecords(ctx)
      outbox.start({ scope: 'own' })
      const entry = outbox.setStatus(workId, kind.data)
      const settled = await sendAndWait(outbox, entry.id, ctx.clock)
      outbox.stop()
      const line = ctx.t({ en: `Work ${workId}: ${kind.data}`, ja: `作品 ${workId}: ${kind.data}` })
      return reportSettled(ctx, settled, line)
    })
  }
}
