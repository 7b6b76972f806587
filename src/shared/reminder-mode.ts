/**
 * "Remind me of": every work being watched except the muted ones, or only the works picked. Plain
 * TypeScript, so the planner (main) and the bells (renderer, which bundles no zod) decide alike.
 */
export const REMINDER_MODES = ['all-except-muted', 'only-picked'] as const
export type ReminderMode = (typeof REMINDER_MODES)[number]

export interface WorkChoice {
  mode: ReminderMode
  mutedWorkIds: readonly number[]
  pickedWorkIds: readonly number[]
}

/** Whether a work's programs are reminded of (and put in the calendar feed) in the chosen mode. */
export function isWorkReminded(workId: number, choice: WorkChoice): boolean {
  return choice.mode === 'only-picked' ? choice.pickedWorkIds.includes(workId) : !choice.mutedWorkIds.includes(workId)
}

/** `ids` with `id` once (`on`) or not at all, the others kept in their order: every per-work list is set so. */
export function withId(ids: readonly number[], id: number, on: boolean): number[] {
  const without = ids.filter((x) => x !== id)
  return on ? [...without, id] : without
}

/**
 * The bell of one work: in `all-except-muted` it mutes and unmutes, in `only-picked` it picks and
 * unpicks. Returns the list to save; the other list is left as it is.
 */
export function ringBell(
  workId: number,
  on: boolean,
  choice: WorkChoice
): { mutedWorkIds: number[] } | { pickedWorkIds: number[] } {
  return choice.mode === 'only-picked'
    ? { pickedWorkIds: withId(choice.pickedWorkIds, workId, on) }
    : { mutedWorkIds: withId(choice.mutedWorkIds, workId, !on) }
}
