/** The renderer's whole "router": one piece of state naming the visible view. */
export const views = ['schedule', 'works', 'records', 'inbox', 'settings'] as const
export type View = (typeof views)[number]

export const router = $state({
  /** A tab of the navigation, or a list the schedule opens (no tab of its own): Reminders, Catch up. */
  view: 'schedule' as View | 'reminders' | 'catch-up',
  /** A program whose quick record the schedule should open (from a reminder click). */
  focusProgramId: null as number | null
})
