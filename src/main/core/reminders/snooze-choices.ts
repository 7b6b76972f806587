import type { Locale, LocalizedText } from '../../../shared/locale'
import { DEFAULT_SNOOZE, SNOOZE_CHOICES, type SnoozeChoice } from '../../../shared/snooze-choice'

/**
 * Which snooze choices a reminder offers, when each brings it back, and which of them fit on each
 * system's notification. Pure.
 */
const MINUTE = 60_000

/** The broadcast a reminder is about, and its channel's watch offset. */
export interface SnoozeTarget {
  startedAt: string
  /** The channel's offset to when the episode can be watched (0: none). */
  shiftMinutes: number
}

/**
 * When a snooze of `choice` pressed at `now` brings the reminder back; null when the choice does
 * not apply (its moment is not ahead: the broadcast has started, or the channel has no offset).
 */
export function snoozeUntil(choice: SnoozeChoice, t: SnoozeTarget, now: number): number | null {
  const start = Date.parse(t.startedAt)
  if (choice === 'start') return start > now ? start : null
  if (choice === 'watch') {
    const watchAt = start + t.shiftMinutes * MINUTE
    return t.shiftMinutes !== 0 && watchAt > now ? watchAt : null
  }
  return now + Number(choice) * MINUTE
}

/**
 * The choices that apply at `now`, in the order the buttons take them: the default first, then the
 * moments of this broadcast (the watch time ahead of its start), then the longer waits.
 */
export function snoozeChoices(t: SnoozeTarget, now: number): SnoozeChoice[] {
  const order: SnoozeChoice[] = [DEFAULT_SNOOZE, 'watch', 'start', '10', '30']
  return order.filter((c) => snoozeUntil(c, t, now) !== null)
}

/**
 * How many snooze buttons a reminder carries besides Watched. Windows: a toast holds at most five
 * buttons (Toast schema, `actions`). macOS: Electron shows the first action as the button and
 * the others under it, so one. Linux: GNOME Shell shows at most three buttons on a notification,
 * so two; dunst lists them all in its menu, and the same two are offered there.
 */
export const SNOOZE_BUTTONS: Partial<Record<NodeJS.Platform, number>> = { win32: 4, linux: 2, darwin: 1 }

export const SNOOZE_LABELS: Record<SnoozeChoice, LocalizedText> = {
  '5': { en: 'Snooze 5 min', ja: '5分後に再通知' },
  '10': { en: 'Snooze 10 min', ja: '10分後に再通知' },
  '30': { en: 'Snooze 30 min', ja: '30分後に再通知' },
  start: { en: 'Until it starts', ja: '放送開始時に再通知' },
  watch: { en: 'Until I can watch', ja: '視聴できる時に再通知' }
}

/** A notification button's id for a choice: the default keeps the plain `snooze`. */
export const snoozeButtonId = (c: SnoozeChoice): string => (c === DEFAULT_SNOOZE ? 'snooze' : `snooze:${c}`)

/** The choice a pressed button means; undefined for a button that is no snooze. */
export function choiceOfButton(id: string): SnoozeChoice | undefined {
  if (id === 'snooze') return DEFAULT_SNOOZE
  const c = id.startsWith('snooze:') ? id.slice('snooze:'.length) : ''
  return (SNOOZE_CHOICES as readonly string[]).includes(c) ? (c as SnoozeChoice) : undefined
}

/** The snooze buttons this system shows for these choices, in the user's language. */
export function snoozeButtons(
  choices: readonly SnoozeChoice[],
  platform: NodeJS.Platform,
  locale: Locale
): Array<{ id: string; text: string }> {
  return choices
    .slice(0, SNOOZE_BUTTONS[platform] ?? 1)
    .map((c) => ({ id: snoozeButtonId(c), text: SNOOZE_LABELS[c][locale] }))
}
