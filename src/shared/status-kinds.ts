/**
 * The watching statuses and the season form of the media service, as plain data without zod: the
 * renderer imports these (see the ESLint rule on the renderer's imports), and `records.ts` builds
 * its schemas from them, so the two cannot differ.
 */
export const STATUS_KINDS = ['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching', 'no_select'] as const
export type StatusKind = (typeof STATUS_KINDS)[number]

/** `<year>-<season>` or `<year>-all`, the forms `filter_season` accepts. */
export const SEASON_PATTERN = /^\d{4}-(spring|summer|autumn|winter|all)$/
