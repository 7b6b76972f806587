import { invoke } from '../../lib/api'
import type { LocalizedText } from '../../../../shared/contract'
import type { OutboxEntry, StatusKind, WorkItem } from '../../../../shared/records'
import { asUserError } from '../../errors'
import * as s from './strings'
import { both } from '../../lib/fill'

export interface StatusMessage {
  text: LocalizedText
  tone: 'info' | 'error'
}

interface Pending {
  work: WorkItem
  attempted: StatusKind
  previous: StatusKind | undefined
}

/**
 * Optimistic status changes for the rows on screen. The row shows the new kind at once; it goes
 * back to the previous one when the command is refused, when the outbox reports the send failed
 * (a retrying failure shows the kind the service still has, and the new one again once sent), or
 * when the core sends `status:rollback` (a failure for good, or a discard in the Records view).
 */
export function createStatusChanges(opts: {
  works: () => WorkItem[]
  /** When the core never knew the previous kind, only a reload can tell it. */
  reload: () => void
}) {
  // Bookkeeping only: nothing renders from it, so it need not be reactive.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const pending = new Map<string, Pending>()
  let latest: OutboxEntry[] = []
  const state = $state({ message: null as StatusMessage | null })
  const title = (w: WorkItem) => w.title ?? `#${w.id}`
  const say = (template: LocalizedText, w: WorkItem, tone: StatusMessage['tone'], reason?: LocalizedText) =>
    (state.message = { text: both(template, { title: title(w), ...(reason ? { reason } : {}) }), tone })

  function settle(id: string, p: Pending): void {
    const entry = latest.find((e) => e.id === id)
    if (entry?.state === 'sent') {
      p.work.status = p.attempted
      pending.delete(id)
      say(s.saved, p.work, 'info')
    } else if (entry?.state === 'failed' && entry.willRetry && p.work.status !== p.previous) {
      p.work.status = p.previous
      say(s.willRetry, p.work, 'error', entry.reason)
    } else if (entry && entry.state !== 'failed' && p.work.status !== p.attempted) {
      // Retried (by the outbox or the user) after a failure: the change is on its way again.
      p.work.status = p.attempted
    }
    // A failure for good (or a discard) arrives as `status:rollback`.
  }

  return {
    state,
    async set(work: WorkItem, kind: StatusKind): Promise<void> {
      const before = work.status
      work.status = kind
      say(s.saving, work, 'info')
      try {
        const { entry, previous } = await invoke('status:set', { workId: work.id, kind })
        pending.set(entry.id, { work, attempted: kind, previous: previous ?? before })
        // Its outcome may have been pushed before this answer arrived.
        settle(entry.id, pending.get(entry.id)!)
      } catch (e) {
        work.status = before
        say(s.rolledBack, work, 'error', asUserError(e).message)
      }
    },
    onOutbox(entries: OutboxEntry[]): void {
      latest = entries
      for (const [id, p] of pending) settle(id, p)
    },
    onRollback(e: { workId: number; previous?: StatusKind; reason: LocalizedText }): void {
      for (const [id, p] of pending) if (p.work.id === e.workId) pending.delete(id)
      const work = opts.works().find((w) => w.id === e.workId)
      if (!work) return
      if (e.previous === undefined) opts.reload()
      else work.status = e.previous
      say(s.rolledBack, work, 'error', e.reason)
    }
  }
}
