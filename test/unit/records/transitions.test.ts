import { describe, expect, it } from 'vitest'
import type { OutboxDoc, ProcessRef, RecordEntry } from '../../../src/shared/records'
import { beforeRequest, claim, leaseLive, recoverAbandoned } from '../../../src/main/core/records/transitions'

/**
 * The outbox's pure transitions around a record's request: what reaches the file
 * before the request leaves, and what a process that takes over a dead sender's entry finds.
 */
const me: ProcessRef = { host: 'here', pid: 10, id: 'me' }
const other: ProcessRef = { host: 'here', pid: 11, id: 'other' }

function docWithRecord(): OutboxDoc {
  const entry: RecordEntry = {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'record',
    episodeId: 301,
    workId: 3,
    display: {},
    comment: '',
    rating: null,
    shareMicroblog: false,
    shareSocialnet: false,
    state: 'queued',
    createdAt: 0,
    attempts: 0
  }
  return { version: 1, entries: [entry], recent: [] }
}

const claimAt = (doc: OutboxDoc, owner: ProcessRef, now = 1_000) =>
  claim(doc, { now, until: now + 60_000, owner, force: false })!.entry as RecordEntry

describe('a record about to be sent', () => {
  it("writes the attempt's baseline and the program it found into the owner's entry", () => {
    const doc = docWithRecord()
    const sent = claimAt(doc, me)
    beforeRequest(doc, { ...sent, baseline: 'unwatched', programId: 9 }, me)
    expect(doc.entries[0]).toMatchObject({ state: 'sending', baseline: 'unwatched', programId: 9 })
  })

  it('refuses, changing nothing, when another process has taken the entry over', () => {
    const doc = docWithRecord()
    const sent = claimAt(doc, me)
    // This process stalled past its lease; another one recovered and claimed the entry.
    recoverAbandoned(
      doc,
      leaseLive(61_001, () => false)
    )
    claimAt(doc, other, 61_001)
    const before = structuredClone(doc)
    expect(() => beforeRequest(doc, { ...sent, baseline: 'unwatched' }, me)).toThrow('being sent right now')
    expect(doc).toEqual(before)
  })

  it('a dead sender leaves the baseline behind: the next process reconciles against it before any resend', () => {
    const doc = docWithRecord()
    const sent = claimAt(doc, me)
    beforeRequest(doc, { ...sent, baseline: 'unwatched', programId: 9 }, me)
    recoverAbandoned(
      doc,
      leaseLive(2_000, (owner) => owner.id === me.id)
    )
    expect(doc.entries[0]).toMatchObject({ state: 'queued', unsure: true, baseline: 'unwatched', programId: 9 })
    expect(doc.entries[0]).not.toHaveProperty('lease')
  })
})
