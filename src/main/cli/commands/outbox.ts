import type { OutboxEntry } from '../../../shared/records'
import { AuthError } from '../../core/auth/errors'
import { OutboxError } from '../../core/records/entries'
import type { Clock, TimerHandle } from '../../core/clock'
import type { Outbox } from '../../core/records/outbox'
import { EXIT, UsageError, type Command, type CommandContext, type ExitCode } from '../command'
import { openCliRecords, readAccount } from '../context'
import { failWith } from '../report'

/**
 * `onair outbox`: what waits to be sent, and `retry` / `discard` of one entry. The `--json` array
 * holds the outbox entries as they are stored (`{"id", "kind", "state", ...}`, see
 * src/shared/records.ts), oldest first. Also home of what `record` and `status` share: how an
 * entry reads on one line, and waiting for an entry to be sent.
 */
export function entryLine(ctx: CommandContext, e: OutboxEntry): string {
  const what =
    e.kind === 'record'
      ? `episode ${e.episodeId}${e.display.workTitle ? ` (${e.display.workTitle})` : ''}${e.recordId ? ` → record #${e.recordId}` : ''}`
      : e.kind === 'status'
        ? `work ${e.workId} → ${e.status}`
        : `${e.kind} of ${e.target}`
  const reason = e.reason ? `  ${ctx.t(e.reason)}` : ''
  return `${e.id}  ${e.kind.padEnd(6)}  ${e.state.padEnd(18)}  ${what}${reason}`
}

/**
 * How long a command waits for its entry once the entry is due. A send that has not settled by
 * then (a slow service, or another process sending it) is left to that process, to `onair run`
 * or the app, or to `onair outbox retry`: a command never waits without bound.
 */
export const SEND_WAIT_MS = 60_000

export interface Waited {
  entry: OutboxEntry
  timedOut: boolean
}

const settledStates = new Set<OutboxEntry['state']>(['sent', 'failed', 'needs-confirmation'])

/** The outbox must be started and the user signed in, or nothing would ever be sent. */
export function sendAndWait(outbox: Outbox, id: string, clock: Clock): Promise<Waited> {
  let last = outbox.entries().find((x) => x.id === id) as OutboxEntry
  const deadline = Math.max(clock.now(), last.sendAt ?? 0) + SEND_WAIT_MS
  return new Promise((resolve) => {
    let timer: TimerHandle | undefined
    let done = false
    const finish = (timedOut: boolean) => {
      done = true
      off()
      if (timer) clock.clearTimeout(timer)
      resolve({ entry: last, timedOut })
    }
    const check = (entries: OutboxEntry[]) => {
      if (done) return
      const e = entries.find((x) => x.id === id)
      if (e) last = e
      // Gone only when discarded meanwhile; report it as it was last seen.
      if (!e || settledStates.has(e.state)) finish(false)
      else if (clock.now() >= deadline) finish(true)
    }
    // Another process may settle the entry: the file watch tells at once, this look every second
    // covers a folder where watching does not work.
    const look = () => {
      timer = clock.setTimeout(() => {
        check(outbox.entries())
        if (!done) look()
      }, 1000)
    }
    const off = outbox.onChange(check)
    look()
    check(outbox.entries())
  })
}

/**
 * How `record`, `status` and `outbox retry` end: sent → 0; kept for later, refused, or still
 * waiting when the command stopped waiting (left to someone who keeps running) → 1 with why.
 */
export function reportSettled(ctx: CommandContext, { entry: e, timedOut }: Waited, sentLine: string): ExitCode {
  if (timedOut) {
    ctx.io.err(
      ctx.t({
        en: `Queued as ${e.id} (${e.state}); it will be sent by the daemon ("onair run" or the app) or by "onair outbox retry ${e.id}".`,
        ja: `送信待ち（${e.id}、${e.state}）に入れました。常駐中の Onair（「onair run」またはアプリ）か「onair outbox retry ${e.id}」が送信します。`
      })
    )
    return EXIT.failure
  }
  if (e.state === 'sent') {
    ctx.io.out(sentLine)
    return EXIT.ok
  }
  if (e.reason) ctx.io.err(ctx.t(e.reason))
  if (e.state === 'failed' && e.willRetry) {
    ctx.io.err(
      ctx.t({
        en: `Not sent yet; kept in the outbox as ${e.id}. "onair run" or "onair outbox retry ${e.id}" sends it later.`,
        ja: `まだ送信されていません。送信待ち（${e.id}）に残しました。「onair run」または「onair outbox retry ${e.id}」で後から送信します。`
      })
    )
  } else {
    ctx.io.err(
      ctx.t({
        en: `Kept in the outbox as ${e.id}: "onair outbox retry ${e.id}" or "onair outbox discard ${e.id}".`,
        ja: `送信待ち（${e.id}）に残しました。「onair outbox retry ${e.id}」または「onair outbox discard ${e.id}」を実行してください。`
      })
    )
  }
  return EXIT.failure
}

/** Sending needs a signed-in account; the check comes first so nothing is queued behind a sign-in that never comes. */
export async function signedInRecords(ctx: CommandContext) {
  const cli = await readAccount(ctx)
  if (cli.account.monitor.state() !== 'signed-in') throw new AuthError('not_signed_in')
  return openCliRecords(ctx, cli)
}

export function positiveInt(raw: string | undefined, name: string): number {
  const n = Number(raw)
  if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError({
      en: `${name} must be a positive whole number.`,
      ja: `${name} には正の整数を指定してください。`
    })
  }
  return n
}

export async function runOutboxCommand(ctx: CommandContext, run: () => Promise<ExitCode>): Promise<ExitCode> {
  try {
    return await run()
  } catch (e) {
    if (e instanceof OutboxError) {
      ctx.io.err(ctx.t(e.userMessage))
      return EXIT.failure
    }
    return failWith(ctx, e)
  }
}

export const outbox: Command = {
  usage: ['outbox [--json]', 'outbox retry <id>', 'outbox discard <id>'],
  description: {
    en: 'Records, edits, deletions and status changes wait here until the service has them. States: waiting (undo window), queued, sending, sent, failed (with the reason; retried by itself when it says so), needs-confirmation (the answer was lost and the service cannot tell whether the record was saved, because the episode had a record before or its broadcast is unknown: check, then retry or discard). `retry` sends an entry now and waits for the answer.',
    ja: '記録・編集・削除・ステータス変更は、サービスに届くまでここで待機します。状態: waiting（取り消し可能な待機中）、queued、sending、sent、failed（理由付き。自動で再試行されるものもあります）、needs-confirmation（応答が失われ、以前にも記録したエピソードか放送枠が不明なため保存されたか判断できない。確認してから再送信か破棄）。retry は項目をすぐに送信し、結果を待ちます。'
  },
  options: {
    json: { type: 'boolean', help: { en: 'print the entries as a JSON array', ja: '項目を JSON 配列で出力する' } }
  },
  positionals: { min: 0, max: 2 },
  run(ctx) {
    return runOutboxCommand(ctx, async () => {
      const [action, id] = ctx.positionals
      if (action === undefined) {
        const entries = openCliRecords(ctx).outbox.entries()
        if (ctx.flags.json) ctx.io.out(JSON.stringify(entries))
        else if (entries.length === 0)
          ctx.io.err(ctx.t({ en: 'The outbox is empty.', ja: '送信待ちの項目はありません。' }))
        else for (const e of entries) ctx.io.out(entryLine(ctx, e))
        return EXIT.ok
      }
      if ((action !== 'retry' && action !== 'discard') || id === undefined) {
        throw new UsageError({
          en: 'Expected "outbox", "outbox retry <id>" or "outbox discard <id>".',
          ja: '「outbox」「outbox retry <id>」「outbox discard <id>」のいずれかを指定してください。'
        })
      }
      if (action === 'discard') {
        openCliRecords(ctx).outbox.discard(id)
        ctx.io.err(ctx.t({ en: `Discarded ${id}.`, ja: `${id} を破棄しました。` }))
        return EXIT.ok
      }
      const { outbox: box } = await signedInRecords(ctx)
      box.start({ scope: 'own' })
      box.retry(id)
      const settled = await sendAndWait(box, id, ctx.clock)
      box.stop()
      return reportSettled(ctx, settled, entryLine(ctx, settled.entry))
    })
  }
}
