/**
 * The media-tracking emulator's data store. Rows hold raw values (epoch milliseconds, numbers);
 * how they look on the wire depends on the mode and lives in serialize.ts. Tests read these arrays
 * directly to assert what a client really changed.
 */
export const STATUS_KINDS = ['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching', 'no_select'] as const
export type StatusKind = (typeof STATUS_KINDS)[number]

export const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const
export type SeasonName = (typeof SEASONS)[number]

export type Media = 'tv' | 'ova' | 'movie' | 'web' | 'other'

export interface UserRow {
  id: number
  username: string
  name: string
  description: string
  url: string | null
  createdAt: number
}

export interface WorkRow {
  id: number
  title: string
  titleKana: string
  media: Media
  /** null: the service does not know the season (quirks mode omits the season fields). */
  season: { year: number; name: SeasonName } | null
  releasedOn: string
  releasedOnAbout: string
  officialSiteUrl: string
  encyclopediaUrl: string
  microblogUsername: string
  microblogHashtag: string
  episodesCount: number
  watchersCount: number
}

export interface EpisodeRow {
  id: number
  workId: number
  number: number | null
  numberText: string | null
  sortNumber: number
  title: string
}

export interface ChannelRow {
  id: number
  name: string
}

export interface ProgramRow {
  id: number
  workId: number
  channelId: number
  episodeId: number | null
  startedAt: number
  isRebroadcast: boolean
}

export interface RecordRow {
  id: number
  userId: number
  workId: number
  episodeId: number
  comment: string
  rating: number | null
  ratingState: string | null
  isModified: boolean
  likesCount: number
  commentsCount: number
  shareMicroblog: boolean
  shareSocialnet: boolean
  createdAt: number
}

export interface StatusRow {
  userId: number
  workId: number
  kind: StatusKind
  updatedAt: number
}

export class MediaState {
  users: UserRow[] = []
  works: WorkRow[] = []
  episodes: EpisodeRow[] = []
  channels: ChannelRow[] = []
  programs: ProgramRow[] = []
  records: RecordRow[] = []
  statuses: StatusRow[] = []
  private nextRecordId = 1

  user(id: number): UserRow | undefined {
    return this.users.find((u) => u.id === id)
  }

  work(id: number): WorkRow | undefined {
    return this.works.find((w) => w.id === id)
  }

  episode(id: number): EpisodeRow | undefined {
    return this.episodes.find((e) => e.id === id)
  }

  channel(id: number): ChannelRow | undefined {
    return this.channels.find((c) => c.id === id)
  }

  statusOf(userId: number, workId: number): StatusKind | undefined {
    return this.statuses.find((s) => s.userId === userId && s.workId === workId)?.kind
  }

  setStatus(userId: number, workId: number, kind: StatusKind, at: number): void {
    const row = this.statuses.find((s) => s.userId === userId && s.workId === workId)
    if (row) {
      row.kind = kind
      row.updatedAt = at
    } else {
      this.statuses.push({ userId, workId, kind, updatedAt: at })
    }
  }

  /** Watched is derived from records, so deleting the last record makes the episode unwatched. */
  hasRecorded(userId: number, episodeId: number): boolean {
    return this.records.some((r) => r.userId === userId && r.episodeId === episodeId)
  }

  recordsCountOfUser(userId: number): number {
    return this.records.filter((r) => r.userId === userId).length
  }

  recordsCountOfEpisode(episodeId: number): number {
    return this.records.filter((r) => r.episodeId === episodeId).length
  }

  addRecord(row: Omit<RecordRow, 'id'>): RecordRow {
    const record = { ...row, id: this.nextRecordId++ }
    this.records.push(record)
    return record
  }

  /** Record ids continue after seeded ones so a restart-free test never sees an id reused. */
  reserveRecordIds(after: number): void {
    this.nextRecordId = Math.max(this.nextRecordId, after + 1)
  }

  deleteRecord(id: number): void {
    this.records = this.records.filter((r) => r.id !== id)
  }
}
