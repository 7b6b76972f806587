import type { LocalizedText } from '../../../../shared/contract'
import type { OutboxEntry, RecentRecord, RecordDisplay } from '../../../../shared/records'
import { statusKindLabels } from '../../lib/status-kinds'
import { both } from '../../lib/fill'
import * as s from './strings'

/** "Orbit Gardeners · 第3話 Title": what the user recorded, in the words the schedule gave. */
export function describeRecord(display: RecordDisplay, episodeId: number): LocalizedText {
  const parts = [display.workTitle, display.episodeNumber, display.episodeTitle].filter((p): p is string => !!p)
  return parts.length ? { en: parts.join(' · '), ja: parts.join(' · ') } : both(s.episode, { id: String(episodeId) })
}

/** What an outbox entry is about; edits and deletions name the record they change. */
export function subjectOf(entry: OutboxEntry, entries: OutboxEntry[], recent: RecentRecord[]): LocalizedText {
  if (entry.kind === 'status')
    return both(s.statusChange, { id: String(entry.workId), status: statusKindLabels[entry.status] })
  if (entry.kind === 'record') return describeRecord(entry.display, entry.episodeId)
  const target = recent.find((r) => r.id === entry.target) ?? entries.find((e) => e.id === entry.target)
  return target && 'display' in target ? describeRecord(target.display, target.episodeId) : { en: '—', ja: '—' }
}
