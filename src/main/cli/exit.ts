import type { Locale, LocalizedText } from '../../shared/locale'
import { describeError } from '../core/describe-error'
import type { Io } from './command'
import { exitProcess } from './stdio'

/**
 * How an `onair` process ends: with the command's exit code once stdout and stderr are flushed,
 * whatever timers are still pending (an outbox retry, a sign-in timeout): the command is done.
 * And never silently: should the event loop ever empty while the command is still pending (a
 * wait that no timer or socket holds), Node would exit 0 with nothing said. That is reported in
 * both languages and ends with exit 1 instead.
 */
export const ABANDONED: LocalizedText = {
  en: 'onair: internal error: the command stopped before it finished (nothing was waiting any more). Run it again; "onair outbox" shows anything still queued.',
  ja: 'onair: 内部エラー: コマンドが完了する前に止まりました（待機中の処理がなくなりました）。もう一度実行してください。送信待ちの項目は「onair outbox」で確認できます。'
}

export function exitWhenSettled(work: Promise<number>, io: Pick<Io, 'err'>, locale: Locale): void {
  let settled = false
  const exit = (code: number): void => {
    settled = true
    exitProcess(code)
  }
  process.on('beforeExit', () => {
    if (settled) return
    io.err(ABANDONED[locale])
    exit(1)
  })
  work.then(exit, (e: unknown) => {
    // A failure the user can act on (a file the system refused) is not a bug: its message, never a stack trace.
    const known = describeError(e)
    io.err(
      known
        ? `onair: ${known.message[locale]}`
        : `onair: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`
    )
    exit(1)
  })
}
