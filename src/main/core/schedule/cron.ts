import { Cron, CronPattern } from 'croner'
import type { LocalizedText } from '../../../shared/locale'

/**
 * A cron expression only as a trigger: it says "now would be a good time", the poller decides what
 * to do. Kept behind this small interface so tests fire ticks themselves instead of waiting for
 * minutes.
 *
 * croner, not node-cron (issue 25): node-cron works out every tick through `Intl.DateTimeFormat`,
 * and a process's first `Intl` call maps ICU's locale and zone data, ~9 MB resident for as long as
 * `onair run` lives (BENCHMARKS.md, "The daemon's memory"). Without a `timezone` croner reckons in
 * the system zone with `Date`'s local fields, as node-cron's expressions mean here.
 */
export interface CronTrigger {
  stop(): void
}

export type CronFactory = (expression: string, tick: () => void) => CronTrigger

export type CronCheck = { ok: true } | { ok: false; message: LocalizedText }

/**
 * What the settings have always accepted (node-cron's rules until issue 25): five fields, or six
 * with seconds first, and a day that matches both its day of the month and its weekday.
 */
const RULES = { mode: '5-or-6-parts', domAndDow: true } as const

/** For the settings view and the poller: an expression the scheduler would reject is never used. */
export function validateCron(expression: string): CronCheck {
  const trimmed = expression.trim()
  if (trimmed === '') return { ok: false, message: { en: 'The schedule is empty.', ja: 'スケジュールが空です。' } }
  let pattern: CronPattern
  try {
    pattern = new CronPattern(trimmed, undefined, { mode: RULES.mode })
  } catch (e) {
    const detail = (e instanceof Error ? e.message : String(e)).replace(/^CronPattern: /, '')
    return {
      ok: false,
      message: {
        en: `"${trimmed}" is not a valid cron expression (${detail}).`,
        ja: `「${trimmed}」は正しい cron 式ではありません（${detail}）。`
      }
    }
  }
  // More than once a minute would only spend the rate limit: programs move in minutes.
  if (pattern.second.filter(Boolean).length > 1) {
    return {
      ok: false,
      message: { en: 'Polling more than once a minute is not allowed.', ja: '1 分に 2 回以上の取得は設定できません。' }
    }
  }
  return { ok: true }
}

export const wallClockCron: CronFactory = (expression, tick) => {
  const job = new Cron(
    expression,
    {
      ...RULES,
      // The daemon decides how long the process lives, not a poll timer.
      unref: true
    },
    () => tick()
  )
  return { stop: () => job.stop() }
}
