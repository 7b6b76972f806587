/** The renderer's whole "router": one piece of state naming the visible view. */
export const views = ['schedule', 'works', 'records', 'inbox', 'settings'] as const
export type View = (typeof views)[number]

export const router = $state({
  view: 'schedule' as View,
  /** A program whose quick record the schedule should open (from a reminder click). */
  focusProgramId: null as number | null
})
