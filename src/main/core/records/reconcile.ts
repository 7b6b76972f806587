import type { MediaClient } from '../media/client'
import type { Program } from '../media/schemas'

/**
 * Whether an episode is still unwatched, asked of the one place the service shows it: the service
 * has no GET for records, but `/v1/me/programs?filter_unwatched=true` drops a program as soon as
 * its episode has a record of the user. So a record whose answer was lost is settled like this:
 *
 * - Before the first send, the outbox takes a BASELINE of the episode (probeEpisode) and writes
 *   it to the outbox file before the POST leaves (transitions.ts, `beforeRequest`), so a process
 *   that takes over the entry of one that died mid-request has it too.
 * - After an ambiguous failure (timeout, reset after sending, 5xx other than 503), or when taking
 *   over an entry left `sending`, it probes again: still `unwatched` → the POST did not land,
 *   sending again is safe; `watched` with an `unwatched` baseline → it landed, the entry is marked
 *   sent (under an unknown record id).
 * - Anything else → `needs-confirmation`: the user checks the service and either sends again or
 *   discards. These are the cases the service's state cannot decide:
 *   - the episode had a record of the user before this one was sent (a rewatch: baseline
 *     `watched`): the service shows "watched", never how many records;
 *   - no program of the episode can be seen (`unknown`): neither the saved schedule nor
 *     `--program` named its broadcast (and no work id is known), the program left the service's
 *     listing, or the service refused the lookup;
 *   - no baseline was written: an entry an older Onair (which kept it in memory) was sending when
 *     it died, or one whose sender died before its request left and whose episode shows as
 *     recorded (by someone else, say the service's web site, in the meantime).
 *
 * Doubling is the one outcome that cannot be taken back quietly, so every doubt goes to the user.
 */
export type EpisodeState = 'unwatched' | 'watched' | 'unknown'

export interface EpisodeRef {
  episodeId: number
  programId?: number
  workId?: number
}

export interface Probe {
  state: EpisodeState
  /** A program of the episode found on the way, remembered so later probes are one request. */
  programId?: number
}

/** Programs of a work scanned when only the work is known: the first page of the service's maximum. */
const WORK_SCAN_PER_PAGE = 50

export async function probeEpisode(media: MediaClient, ref: EpisodeRef): Promise<Probe> {
  const program =
    ref.programId !== undefined ? await programById(media, ref.programId) : await programOfWork(media, ref)
  if (!program || program.episode?.id !== ref.episodeId) return { state: 'unknown' }
  const unwatched = await media.listPrograms({ ids: [program.id], unwatched: true })
  return { state: unwatched.items.some((p) => p.id === program.id) ? 'unwatched' : 'watched', programId: program.id }
}

async function programById(media: MediaClient, id: number): Promise<Program | undefined> {
  const page = await media.listPrograms({ ids: [id] })
  return page.items.find((p) => p.id === id)
}

async function programOfWork(media: MediaClient, ref: EpisodeRef): Promise<Program | undefined> {
  if (ref.workId === undefined) return undefined
  const page = await media.listPrograms({ workIds: [ref.workId], perPage: WORK_SCAN_PER_PAGE })
  return page.items.find((p) => p.episode?.id === ref.episodeId)
}

/** What to do with a record whose answer was lost, given the baseline and a fresh probe. */
export function settle(baseline: EpisodeState | undefined, now: EpisodeState): 'resend' | 'landed' | 'ask' {
  if (now === 'unwatched') return 'resend'
  if (now === 'watched' && baseline === 'unwatched') return 'landed'
  return 'ask'
}
