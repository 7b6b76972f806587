import { createTask, validateDetailed } from 'node-cron'
import type { LocalizedText } from '../../../shared/locale'

/**
 * node-cron only as a trigger: it says "now would be a good time", the poller decides what to do.
 * Kept behind this small interface so tests fire ticks themselves instead of waiting for minutes.
 * Expressions mean the system's zone: node-cron reads a date's fields through `Intl.DateTimeFormat`
 * with no `timeZone`, its default.
 */
export interface CronTrigger {
  stop(): void
}

export type CronFactory = (expression: string, tick: () => void) => CronTrigger

export type CronCheck = { ok: true } | { ok: false; message: LocalizedText }

/**
 * The spellings the settings accepted while croner ran the schedules, in node-cron's words with
 * the same meaning: any whitespace between fields, `?` as `*` in any field, a day of the month
 * `15L` (the 15th and the last day), a weekday's last occurrence `5#L` (node-cron's `5L`) and a
 * range of weekdays on their nth occurrence `1-5#2`. Everything else goes to node-cron as it is.
 */
export function toNodeCron(expression: string): string {
  const fields = expression.trim().split(/\s+/)
  if (fields.length < 5) return fields.join(' ')
  const day = fields.length - 3
  const weekday = fields.length - 1
  const token = (value: string, field: number): string => {
    if (value === '?') return '*'
    if (field === day) return value.replace(/^(\d+)L$/i, '$1,L')
    if (field !== weekday) return value
    const [, from, to, nth] = /^(\d)-(\d)(#.+)$/.exec(value) ?? []
    const spelled = nth ? Array.from({ length: +to! - +from! + 1 }, (_, i) => +from! + i + nth).join(',') : value
    return spelled.replace(/#L/gi, 'L')
  }
  return fields.map((field, i) => field.replace(/[^,]+/g, (value) => token(value, i))).join(' ')
}

/** For the settings view and the poller: an expression the scheduler would reject is never used. */
export function validateCron(expression: string): CronCheck {
  const trimmed = expression.trim()
  if (trimmed === '') return { ok: false, message: { en: 'The schedule is empty.', ja: 'スケジュールが空です。' } }
  const result = validateDetailed(toNodeCron(trimmed))
  // More than once a minute would only spend the rate limit: programs move in minutes.
  if (result.valid && (result.fields?.second.length ?? 1) > 1) {
    return {
      ok: false,
      message: { en: 'Polling more than once a minute is not allowed.', ja: '1 分に 2 回以上の取得は設定できません。' }
    }
  }
  if (result.valid) return { ok: true }
  const detail = result.errors.map((e) => `${e.field}: ${e.message}`).join('; ')
  return {
    ok: false,
    message: {
      en: `"${trimmed}" is not a valid cron expression (${detail}).`,
      ja: `「${trimmed}」は正しい cron 式ではありません（${detail}）。`
    }
  }
}

// node-cron logs missed runs (after a sleep) to the console; in `onair run --json` stdout is a
// contract, and a poll missed while asleep is the resume path's.
const silent = { info() {}, warn() {}, error() {}, debug() {} }

export const wallClockCron: CronFactory = (expression, tick) => {
  const task = createTask(toNodeCron(expression), () => tick(), {
    suppressMissedWarning: true,
    logger: silent,
    // node-cron skips a tick its timer reaches more than a second late (its
    // src/scheduler/plan-beat.ts); a poll's tick that a busy event loop delays still polls, once.
    missedExecutionTolerance: 59_000,
    // The daemon decides how long the process lives, not a poll timer.
    unref: true
  })
  void task.start()
  return { stop: () => void task.destroy() }
}
