import type { FetchLike } from '../http/node-fetch'
import type { Clock } from '../clock'
import { clockSleep, createPacer, type Sleep } from '../http/pacer'
import type { RetryOptions } from '../http/retry'
import { createTransport } from '../http/transport'
import * as oauth from './oauth'
import type { PageResult, PaginateOptions } from './paginate'
import type { ProgramsParams, WorksParams } from './params'
import { allPrograms, listPrograms } from './programs'
import {
  createRecord,
  deleteRecord,
  setStatus,
  updateRecord,
  type CreateRecordInput,
  type UpdateRecordInput
} from './records'
import type { StatusKind } from '../../../shared/records'
import type { MediaRecord, Program, TokenInfo, TokenResponse, Work } from './schemas'
import { listWorks } from './works'

export interface MediaClientOptions {
  baseUrl: string
  /** Read at each request, so signing in or out takes effect at once. */
  token: () => string | undefined
  /** Asked once when the service refuses the token, or there is none: true when it changed since. */
  tokenChanged?: () => Promise<boolean>
  clock: Clock
  fetch?: FetchLike
  timeoutMs?: number
  /** Request starts allowed per window, shared by every call of this client. */
  pacing?: { limit?: number; windowMs?: number }
  retry?: Omit<RetryOptions, 'sleep'>
  /** Waits of pacing and backoff; defaults to timers on `clock`. */
  sleep?: Sleep
}

export interface MediaClient {
  listPrograms(params?: ProgramsParams): Promise<PageResult<Program>>
  allPrograms(params?: Omit<ProgramsParams, 'page'>, opts?: PaginateOptions): AsyncGenerator<PageResult<Program>>
  listWorks(params?: WorksParams): Promise<PageResult<Work>>
  createRecord(input: CreateRecordInput): Promise<MediaRecord>
  updateRecord(id: number, input: UpdateRecordInput): Promise<MediaRecord>
  deleteRecord(id: number): Promise<void>
  setStatus(workId: number, kind: StatusKind): Promise<void>
  authorizeUrl(input: oauth.AuthorizeUrlInput): string
  exchangeCode(input: oauth.ExchangeCodeInput): Promise<TokenResponse>
  tokenInfo(token?: string): Promise<TokenInfo>
  revoke(input: oauth.RevokeInput): Promise<void>
}

export function createMediaClient(opts: MediaClientOptions): MediaClient {
  const sleep = opts.sleep ?? clockSleep(opts.clock)
  const t = createTransport({
    http: {
      service: 'media',
      baseUrl: opts.baseUrl,
      token: opts.token,
      tokenChanged: opts.tokenChanged,
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs
    },
    pacer: createPacer({ now: () => opts.clock.now(), sleep, ...opts.pacing }),
    retry: { ...opts.retry, sleep }
  })
  return {
    listPrograms: (params) => listPrograms(t, params),
    allPrograms: (params, o) => allPrograms(t, params, o),
    listWorks: (params) => listWorks(t, params),
    createRecord: (input) => createRecord(t, input),
    updateRecord: (id, input) => updateRecord(t, id, input),
    deleteRecord: (id) => deleteRecord(t, id),
    setStatus: (workId, kind) => setStatus(t, workId, kind),
    authorizeUrl: (input) => oauth.authorizeUrl(opts.baseUrl, input),
    exchangeCode: (input) => oauth.exchangeCode(t, input),
    tokenInfo: (token) => oauth.tokenInfo(t, token),
    revoke: (input) => oauth.revoke(t, input)
  }
}
