import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { historyFile } from '../../../src/main/core/reminders/files'
import type { HistoryEntry } from '../../../src/shared/reminder-history'
import { program } from '../programs/fixtures'
import { tempDir } from '../../support/temp-dir'
import { runCliProcess } from './spawn-cli'

const MIN = 60_000

/**
 * `onair doctor` counts the reminder history under the names `onair reminders` prints, in the
 * user's language: a premiere and a "don't let me miss it" repeat read as such, not as the file's
 * `premiere` and `again`. No sign-in: the doctor reads the folder only.
 */
describe('`onair doctor` names the history outcomes as `onair reminders` does', () => {
  it('in English and Japanese, for the premiere, the repeat, a reminder shown, and a Watched undone', async () => {
    const dataDir = join(tempDir('onair-doctor-outcomes-'), 'data')
    // The real process reads the real time, so the entries are placed just before it.
    const now = Date.now()
    const reminder = (id: number) => ({ key: `${id}`, offsetMinutes: 0, fireAt: now, program: program(id, now) })
    const entries: HistoryEntry[] = [
      { at: now - 30 * MIN, outcome: 'premiere', reminders: [{ ...reminder(1), key: 'premiere:10' }] },
      { at: now - 20 * MIN, outcome: 'delivered', lateMs: 0, reminders: [reminder(2)] },
      { at: now - 10 * MIN, outcome: 'again', lateMs: 0, reminders: [reminder(2)] },
      { at: now - 5 * MIN, outcome: 'again', lateMs: 0, reminders: [reminder(3)] },
      // Watched on a reminder, then undone within its undo window.
      { at: now - 3 * MIN, outcome: 'watched', reminders: [reminder(3)], recordId: 'r1' },
      { at: now - 2 * MIN, outcome: 'undone', reminders: [reminder(3)], recordId: 'r1' }
    ]
    historyFile(dataDir).add(entries, now)
    const env = { ONAIR_DATA_DIR: dataDir }

    const en = await runCliProcess(['doctor'], env)
    expect(en.code).toBe(0)
    const day = en.stdout.find((l) => l.startsWith('Reminders, last 24 h:'))
    expect(day).toBe(
      'Reminders, last 24 h: Premiere announced 1, Shown 1, Shown again (not acted on) 2, Marked watched 1, Watched undone 1'
    )
    const listed = await runCliProcess(['reminders'], env)
    for (const label of ['Premiere announced', 'Shown', 'Shown again (not acted on)', 'Watched undone'])
      expect(listed.stdout.some((l) => l.includes(`  ${label}: `))).toBe(true)

    const ja = await runCliProcess(['doctor'], { ...env, LANG: 'ja_JP.UTF-8' })
    expect(ja.stdout.find((l) => l.startsWith('リマインダー（24 時間）:'))).toBe(
      'リマインダー（24 時間）: 初回放送をお知らせ 1, 通知 1, 再通知（未対応のため） 2, 視聴済みにしました 1, 視聴済みを取り消しました 1'
    )
    const listedJa = await runCliProcess(['reminders'], { ...env, LANG: 'ja_JP.UTF-8' })
    expect(listedJa.stdout.some((l) => l.includes('  視聴済みを取り消しました: '))).toBe(true)
  })
})
