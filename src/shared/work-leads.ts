/**
 * A work's own lead times (`reminders.workLeadMinutes`), or the global list where it has none:
 * `[0]` is "only at start", `[]` is "none". Shared by the planner, the calendar and the window's
 * rows and menus; its own file, without zod.
 */
export interface LeadSettings {
  leadMinutes: readonly number[]
  workLeadMinutes: Readonly<Record<string, readonly number[]>>
}

export const leadsOf = (workId: number, s: LeadSettings): readonly number[] =>
  Object.hasOwn(s.workLeadMinutes, String(workId)) ? s.workLeadMinutes[String(workId)]! : s.leadMinutes

/** Whether the work has lead times of its own. */
export const hasOwnLeads = (workId: number, s: LeadSettings): boolean =>
  Object.hasOwn(s.workLeadMinutes, String(workId))
