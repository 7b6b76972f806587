/**
 * How long a snooze lasts: 5, 10 or 30 minutes, "until it starts" (a reminder before air time) or
 * "until I can watch" (a channel with a watch offset). Shared by the contract, the window and the
 * core (core/reminders/snooze-choices.ts decides which apply); its own file, without zod.
 */
export const SNOOZE_CHOICES = ['5', '10', '30', 'start', 'watch'] as const
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number]
/** What a plain Snooze (a button without a choice, `onair reminders snooze` without --for) means. */
export const DEFAULT_SNOOZE: SnoozeChoice = '5'
