import { describe, expect, it } from 'vitest'
import {
  dateTimeSchema,
  programSchema,
  programsPageSchema,
  recordSchema,
  tokenInfoSchema,
  tokenResponseSchema,
  worksPageSchema
} from '../../../src/main/core/media/schemas'
import { documentedProgram, documentedRecord, documentedWork, liveProgram } from './fixtures'

describe('program schema', () => {
  it('reads the documented shape', () => {
    const p = programSchema.parse(documentedProgram)
    expect(p.started_at).toBe('2016-04-01T15:00:00.000Z')
    expect(p.episode?.number).toBe('1')
    expect(p.work?.season_name).toBe('2016-spring')
  })

  it('reads the live shape: numeric episode number, null number_text, no season, other media, extras dropped', () => {
    const p = programSchema.parse(liveProgram)
    expect(p.episode?.number).toBe('12.5')
    expect(p.episode?.number_text).toBeUndefined()
    expect(p.work?.season_name).toBeUndefined()
    expect(p.work?.media).toBe('ova')
    expect(p.channel).toEqual({ id: 19, name: 'Channel A' })
    expect(p.work).not.toHaveProperty('no_episodes')
    expect(
      programSchema.parse({ ...liveProgram, episode: { ...liveProgram.episode, number: 1.0 } }).episode?.number
    ).toBe('1')
  })

  it('accepts a null episode and wrappers cut down to {} by fields=', () => {
    const p = programSchema.parse({ id: 1, started_at: '2017-10-02T15:00:00Z', work: {}, channel: {}, episode: null })
    expect(p.episode).toBeNull()
    expect(p.work).toEqual({})
  })

  it('is strict on ids and start times', () => {
    expect(programSchema.safeParse({ ...documentedProgram, id: '35387' }).success).toBe(false)
    expect(programSchema.safeParse({ ...documentedProgram, id: 1.5 }).success).toBe(false)
    expect(programSchema.safeParse({ ...documentedProgram, started_at: 'tomorrow' }).success).toBe(false)
    expect(programSchema.safeParse({ ...documentedProgram, started_at: '2017-13-45T99:00:00Z' }).success).toBe(false)
    expect(programSchema.safeParse({ ...documentedProgram, work: { id: 'x' } }).success).toBe(false)
    const { started_at: _, ...noStart } = documentedProgram
    expect(programSchema.safeParse(noStart).success).toBe(false)
  })
})

describe('date-times', () => {
  it('normalises with and without milliseconds and with an offset to one form', () => {
    expect(dateTimeSchema.parse('2017-10-02T15:00:00Z')).toBe('2017-10-02T15:00:00.000Z')
    expect(dateTimeSchema.parse('2017-10-02T15:00:00.000Z')).toBe('2017-10-02T15:00:00.000Z')
    expect(dateTimeSchema.parse('2017-10-03T00:00:00+09:00')).toBe('2017-10-02T15:00:00.000Z')
    expect(dateTimeSchema.safeParse('2017-10-02 15:00').success).toBe(false)
  })
})

describe('record schema', () => {
  it('reads the documented record, with null rating and number', () => {
    const r = recordSchema.parse(documentedRecord)
    expect(r.rating).toBeNull()
    expect(r.episode?.number).toBeNull()
    expect(r.created_at).toBe('2016-05-07T09:40:32.159Z')
  })

  it('reads the live record: created_at without ms, null comment', () => {
    const r = recordSchema.parse({
      ...documentedRecord,
      comment: null,
      rating: 4.5,
      rating_state: 'great',
      created_at: '2016-05-07T09:40:32Z'
    })
    expect(r).toMatchObject({ comment: '', rating: 4.5, created_at: '2016-05-07T09:40:32.000Z' })
  })
})

describe('pagination envelopes', () => {
  it('moves the list under items and keeps the paging fields', () => {
    const p = programsPageSchema.parse({
      programs: [documentedProgram],
      total_count: 1,
      next_page: null,
      prev_page: null
    })
    expect(p).toMatchObject({ totalCount: 1, nextPage: null, prevPage: null })
    expect(p.items).toHaveLength(1)
    const w = worksPageSchema.parse({
      works: [{ ...documentedWork, status: { kind: 'watching' } }],
      total_count: 3,
      next_page: 2
    })
    expect(w).toMatchObject({ totalCount: 3, nextPage: 2, prevPage: undefined })
    expect(w.items[0]?.status?.kind).toBe('watching')
  })

  it('needs the list itself', () => {
    expect(programsPageSchema.safeParse({ total_count: 0 }).success).toBe(false)
    expect(worksPageSchema.safeParse({ works: {} }).success).toBe(false)
  })

  it('reads an unknown status kind as absent rather than failing the page', () => {
    const w = worksPageSchema.parse({ works: [{ id: 1, status: { kind: 'rewatching' } }] })
    expect(w.items[0]?.status).toEqual({ kind: undefined })
  })
})

describe('OAuth shapes', () => {
  it('reads the token response, token_type in any case, scopes split', () => {
    const t = tokenResponseSchema.parse({
      access_token: 'abc',
      token_type: 'Bearer',
      scope: 'read write',
      created_at: 1
    })
    expect(t).toEqual({ accessToken: 'abc', scopes: ['read', 'write'], createdAt: 1 })
    expect(tokenResponseSchema.parse({ access_token: 'abc', token_type: 'bearer' }).scopes).toEqual(['read'])
    expect(tokenResponseSchema.safeParse({ access_token: 'abc', token_type: 'mac' }).success).toBe(false)
    expect(tokenResponseSchema.safeParse({ access_token: '', token_type: 'bearer' }).success).toBe(false)
  })

  it('reads token info in the documented shape', () => {
    const i = tokenInfoSchema.parse({
      resource_owner_id: 5,
      scopes: ['read', 'write'],
      expires_in_seconds: null,
      application: { uid: 'cid' },
      created_at: 1
    })
    expect(i).toEqual({ resourceOwnerId: 5, scopes: ['read', 'write'], expiresInSeconds: null, applicationUid: 'cid' })
  })

  it('reads token info in the live shape', () => {
    const i = tokenInfoSchema.parse({
      resource_owner_id: 5,
      scope: ['read'],
      expires_in: 7200,
      application: { uid: 'cid' }
    })
    expect(i).toEqual({ resourceOwnerId: 5, scopes: ['read'], expiresInSeconds: 7200, applicationUid: 'cid' })
    expect(tokenInfoSchema.parse({ resource_owner_id: 5, scope: 'read write', application: null }).scopes).toEqual([
      'read',
      'write'
    ])
  })

  it('refuses token info without scopes or owner', () => {
    expect(tokenInfoSchema.safeParse({ resource_owner_id: 5 }).success).toBe(false)
    expect(tokenInfoSchema.safeParse({ scopes: ['read'] }).success).toBe(false)
  })
})
