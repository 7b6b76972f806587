import type { Locale } from '../../../../shared/locale'
import type { CachedProgram } from '../../../../shared/schedule'
import type { StatusKind } from '../../../../shared/status-kinds'
import type { RecordContent } from '../../components/RecordFields.svelte'

/**
 * What every schedule row shares, built once by the list: how to write times, whether the
 * session may write, and the list's handlers. One object instead of a prop each keeps a row cheap
 * to build (a thousand rows, one object) and its props few.
 */
export interface RowContext {
  language: Locale
  /** The broadcast day boundary in minutes after midnight. */
  boundary: number
  extendedHours: boolean
  canWrite: boolean
  /** Opens a row's actions, its quick record, or (null) closes whatever is open. */
  open: (programId: number, panel: RowPanel | null) => void
  record: (program: CachedProgram, content?: RecordContent) => void
  status: (program: CachedProgram, kind: StatusKind) => void
  /** Retry, discard or undo (delete) of an outbox entry. */
  entry: (action: EntryAction, id: string) => void
}

/** What a row shows below its line: its other actions, or the quick record (comment, rating). */
export type RowPanel = 'actions' | 'record'
export type EntryAction = 'retry' | 'discard' | 'undo'
