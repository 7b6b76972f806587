/**
 * The soak's bookkeeping, as pure functions: which reminders should have fired (worked out from
 * the seeded programs and the lead times, never from the daemon's own count), what the daemons'
 * lines show, what the service holds, and the one table that sums it up.
 */
import { quantile } from '../../bench/stats'

export interface SeededProgram {
  programId: number
  /** Epoch ms. */
  startedAt: number
}

export interface ExpectedReminder {
  key: string
  programId: number
  offsetMinutes: number
  /** Epoch ms at which it is due. */
  due: number
}

/** A `reminder`, `missed`, `repeat` or `premiere` line of `onair run --json`. */
export interface DaemonLine {
  type: 'reminder' | 'missed' | 'repeat' | 'premiere'
  programId: number
  /** Absent on a premiere. */
  offsetMinutes?: number
  startedAt: string
  firedAt: string
  /** A repeat's number. */
  repeat?: number
  /** A premiere's work. */
  workId?: number
}

export const MINUTE = 60_000

export const reminderKey = (programId: number, startedAt: number, offsetMinutes: number): string =>
  `${programId}@${new Date(startedAt).toISOString()}-${offsetMinutes}`

/** Every program × lead time whose moment falls inside [from, to]: what a daemon serving the whole time must fire. */
export function expectedReminders(
  programs: readonly SeededProgram[],
  leadMinutes: readonly number[],
  window: { from: number; to: number }
): ExpectedReminder[] {
  return programs
    .flatMap((p) =>
      leadMinutes.map((offsetMinutes) => ({
        key: reminderKey(p.programId, p.startedAt, offsetMinutes),
        programId: p.programId,
        offsetMinutes,
        due: p.startedAt - offsetMinutes * MINUTE
      }))
    )
    .filter((r) => r.due >= window.from && r.due <= window.to)
    .sort((a, b) => a.due - b.due || a.programId - b.programId)
}

export interface Lateness {
  count: number
  p50: number
  p99: number
  max: number
}

export interface ReminderTally {
  programs: number
  expected: number
  fired: number
  missed: number
  duplicated: number
  /** Every fired reminder, from the moment it was due to its first showing. */
  lateness: Lateness
  /** Those due while a daemon had been serving: its timers' lateness. */
  onTime: Lateness
  /**
   * Those due across a restart (between one daemon's stop and the next one's first line), from
   * the moment they were due or the new daemon was started, whichever is later: how soon a
   * starting daemon delivers what it owes. It includes Node's own start.
   */
  afterRestart: Lateness
}

/** A daemon started after another stopped: reminders due from `from` to `to` (its first line) were owed by it. */
export interface Restart {
  from: number
  spawnedAt: number
  to: number
}

function lateness(values: readonly number[]): Lateness {
  return {
    count: values.length,
    p50: quantile(values, 0.5),
    p99: quantile(values, 0.99),
    max: values.length ? Math.max(...values) : 0
  }
}

/**
 * `lines` are every reminder line of every daemon of the run. Fired: an expected reminder shown at
 * least once; missed: one never shown as a reminder (a "missed" summary counts as missed);
 * duplicated: each extra showing of a reminder of a seeded program, expected or not.
 */
export function tallyReminders(
  programs: readonly SeededProgram[],
  expected: readonly ExpectedReminder[],
  lines: readonly DaemonLine[],
  restarts: readonly Restart[] = []
): ReminderTally {
  const seeded = new Set(programs.map((p) => p.programId))
  const shown = new Map<string, number[]>()
  for (const l of lines) {
    if (l.type !== 'reminder' || !seeded.has(l.programId)) continue
    const key = reminderKey(l.programId, Date.parse(l.startedAt), l.offsetMinutes ?? 0)
    shown.set(key, [...(shown.get(key) ?? []), Date.parse(l.firedAt)])
  }
  const late: number[] = []
  const onTime: number[] = []
  const afterRestart: number[] = []
  for (const r of expected) {
    const at = shown.get(r.key)
    if (!at) continue
    const first = Math.min(...at)
    late.push(first - r.due)
    const restart = restarts.find((s) => r.due >= s.from && r.due < s.to)
    if (restart) afterRestart.push(first - Math.max(r.due, restart.spawnedAt))
    else onTime.push(first - r.due)
  }
  return {
    programs: programs.length,
    expected: expected.length,
    fired: late.length,
    missed: expected.length - late.length,
    duplicated: [...shown.values()].reduce((n, at) => n + at.length - 1, 0),
    lateness: lateness(late),
    onTime: lateness(onTime),
    afterRestart: lateness(afterRestart)
  }
}

export interface RecordTally {
  attempted: number
  created: number
  lost: number
  doubled: number
}

/**
 * Each attempt records a different episode, so the service's records say it all: an attempted
 * episode with no record is lost, each record beyond the first for one episode is a double.
 */
export function tallyRecords(attempted: readonly number[], recordedEpisodes: readonly number[]): RecordTally {
  const wanted = new Set(attempted)
  const ours = recordedEpisodes.filter((e) => wanted.has(e))
  const times = count(ours)
  return { attempted: wanted.size, created: ours.length, lost: wanted.size - times.size, doubled: extra(times) }
}

/** How many times each key occurs. */
export function count<K>(keys: readonly K[]): Map<K, number> {
  const m = new Map<K, number>()
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1)
  return m
}

/** The occurrences beyond the first of each key: the duplicates. */
export const extra = (m: Map<unknown, number>) => [...m.values()].reduce((n, c) => n + c - 1, 0)

/** An entry of `onair outbox --json` at the end of the run, as far as the tally reads it. */
export interface LeftEntry {
  kind: string
  state: string
  episodeId?: number
  programId?: number
  workId?: number
}

export interface Confirmations {
  /** Records of the run left needing confirmation. */
  total: number
  /** Those the service's state could have decided: each one is a defect. */
  decidable: number
}

/**
 * Every soak episode is fresh (no record of the user before the run), so the service can tell
 * whether its record was saved as soon as Onair knows its broadcast (a program or work id); only a
 * record with neither may rightly be left to the user.
 */
export function tallyConfirmations(attempted: readonly number[], left: readonly LeftEntry[]): Confirmations {
  const ours = new Set(attempted)
  const asking = left.filter(
    (e) => e.kind === 'record' && e.state === 'needs-confirmation' && e.episodeId !== undefined && ours.has(e.episodeId)
  )
  return {
    total: asking.length,
    decidable: asking.filter((e) => e.programId !== undefined || e.workId !== undefined).length
  }
}

/**
 * How the repeats or the premieres went, as the table shows them. Here, not in notices.ts which
 * counts them, so that the table's types import nothing back from the modules that fill them.
 */
export interface NoticeTally {
  expected: number
  shown: number
  missed: number
  duplicated: number
  /** Lines of what should not have come at all (a repeat of a work nobody marked, a premiere of no first episode). */
  unexpected: number
}

export interface SoakResult {
  minutes: number
  reminders: ReminderTally
  /** "Don't let me miss it" repeats and premieres (notices.ts). */
  repeats: NoticeTally
  premieres: NoticeTally
  records: RecordTally
  confirmations: Confirmations
  /** Commands that never returned and had to be killed. */
  hung: string[]
}

/** The checks that must hold; each is one pass or fail in CI. */
export function failedChecks(r: SoakResult): string[] {
  return soakChecks(r)
    .filter(([, n]) => n !== 0)
    .map(([name, n]) => `${name} ${n}`)
}

/** Every check with its count (0 passes); `npm test` counts one pass or fail for each. */
export function soakChecks(r: SoakResult): Array<[string, number]> {
  return [
    ['missed', r.reminders.missed],
    ['duplicated', r.reminders.duplicated],
    ['repeats missed', r.repeats.missed],
    ['repeats duplicated', r.repeats.duplicated],
    ['repeats unexpected', r.repeats.unexpected],
    ['premieres missed', r.premieres.missed],
    ['premieres duplicated', r.premieres.duplicated],
    ['premieres unexpected', r.premieres.unexpected],
    ['lost', r.records.lost],
    ['doubled', r.records.doubled],
    ['needing confirmation', r.confirmations.decidable],
    ['hung', r.hung.length]
  ]
}

const ms = (n: number) => `${Math.round(n)} ms`
const spread = (l: Lateness) => `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`

const confirmationCell = ({ total, decidable }: Confirmations) =>
  total === decidable ? String(total) : `${total} (${total - decidable} with no broadcast known)`

export function formatTable(r: SoakResult): string {
  const { reminders: m, records: c } = r
  const rows: Array<[string, string]> = [
    ['programs', String(m.programs)],
    ['reminders expected', String(m.expected)],
    ['reminders fired', String(m.fired)],
    ['reminders missed', String(m.missed)],
    ['reminders duplicated', String(m.duplicated)],
    ['lateness p50 / p99 / max', spread(m.lateness)],
    [`on time (${m.onTime.count}): lateness p50 / p99 / max`, spread(m.onTime)],
    [`across a restart (${m.afterRestart.count}): from its start p50 / p99 / max`, spread(m.afterRestart)],
    ['repeats expected / shown / missed', `${r.repeats.expected} / ${r.repeats.shown} / ${r.repeats.missed}`],
    ['repeats duplicated', String(r.repeats.duplicated)],
    ['repeats unexpected', String(r.repeats.unexpected)],
    [
      'premieres expected / works announced / missed',
      `${r.premieres.expected} / ${r.premieres.shown} / ${r.premieres.missed}`
    ],
    ['premieres duplicated', String(r.premieres.duplicated)],
    ['premieres unexpected', String(r.premieres.unexpected)],
    ['records attempted', String(c.attempted)],
    ['records created', String(c.created)],
    ['records lost', String(c.lost)],
    ['records doubled', String(c.doubled)],
    ['records needing confirmation', confirmationCell(r.confirmations)],
    ['commands hung', String(r.hung.length)]
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  return [`| soak, ${r.minutes} min | |`, '|---|---|', ...rows.map(([k, v]) => `| ${k.padEnd(width)} | ${v} |`)].join(
    '\n'
  )
}
