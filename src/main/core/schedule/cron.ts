import { createTask, validateDetailed } from 'node-cron'
import type { LocalizedText } from '../../../shared/locale'

/**
 * node-cron only as a trigger: it says "now would be a good time", the poller decides what to do.
 * Kept behind this small interface so tests fire ticks themselves instead of waiting for minutes.
 */
export interface CronTrigger {
  stop(): void
}

export type CronFactory = (expression: string, tick: () => void) => CronTrigger

export type CronCheck = { ok: true } | { ok: false; message: LocalizedText }

/** For the settings view and the poller: an expression node-cron would reject is never used. */
export function validateCron(expression: string): CronCheck {
  const trimmed = expression.trim()
  if (trimmed === '') return { ok: false, message: { en: 'The schedule is empty.', ja: 'スケジュールが空です。' } }
  const result = validateDetailed(trimmed)
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
// contract, and a missed tick is handled by the resume path anyway.
const silent = { info() {}, warn() {}, error() {}, debug() {} }

export const nodeCronFactory: CronFactory = (expression, tick) => {
  const task = createTask(expression, () => tick(), {
    noOverlap: true,
    suppressMissedWarning: true,
    logger: silent,
    // The daemon decides how long the process lives, not a poll timer.
    unref: true
  })
  void task.start()
  return { stop: () => void task.destroy() }
}
