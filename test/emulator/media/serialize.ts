import type { ChannelRow, EpisodeRow, MediaState, ProgramRow, RecordRow, UserRow, WorkRow } from './state'

/**
 * Wire shapes of the media-tracking resources. The documented mode follows the spec's tables; the
 * quirks mode follows what the live service was seen to send (service-notes.md).
 */
type Json = Record<string, unknown>

const MEDIA_TEXT = { tv: 'TV', ova: 'OVA', movie: '映画', web: 'Web', other: 'その他' } as const
const SEASON_TEXT = { winter: '冬', spring: '春', summer: '夏', autumn: '秋' } as const

export function isoMillis(ms: number): string {
  return new Date(ms).toISOString()
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export function workJson(w: WorkRow, quirks: boolean): Json {
  const out: Json = {
    id: w.id,
    title: w.title,
    title_kana: w.titleKana,
    media: w.media,
    media_text: MEDIA_TEXT[w.media]
  }
  if (w.season) {
    out.season_name = `${w.season.year}-${w.season.name}`
    out.season_name_text = `${w.season.year}年${SEASON_TEXT[w.season.name]}`
  } else if (!quirks) {
    // The documents type these as strings and never say they can be missing.
    out.season_name = ''
    out.season_name_text = ''
  }
  Object.assign(out, {
    released_on: w.releasedOn,
    released_on_about: w.releasedOnAbout,
    official_site_url: w.officialSiteUrl,
    encyclopedia_url: w.encyclopediaUrl,
    microblog_username: w.microblogUsername,
    microblog_hashtag: w.microblogHashtag,
    episodes_count: w.episodesCount,
    watchers_count: w.watchersCount
  })
  return out
}

export function episodeJson(e: EpisodeRow, s: MediaState, quirks: boolean): Json {
  return {
    id: e.id,
    number: e.number === null ? null : quirks ? e.number : String(e.number),
    number_text: quirks ? e.numberText : (e.numberText ?? ''),
    sort_number: e.sortNumber,
    title: e.title,
    records_count: s.recordsCountOfEpisode(e.id)
  }
}

export function userJson(u: UserRow, s: MediaState): Json {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    description: u.description,
    url: u.url,
    records_count: s.recordsCountOfUser(u.id),
    created_at: isoMillis(u.createdAt)
  }
}

export function channelJson(c: ChannelRow): Json {
  return { id: c.id, name: c.name }
}

export function programJson(p: ProgramRow, s: MediaState, quirks: boolean): Json {
  const episode = p.episodeId === null ? undefined : s.episode(p.episodeId)
  const channel = s.channel(p.channelId)
  const work = s.work(p.workId)
  return {
    id: p.id,
    started_at: isoMillis(p.startedAt),
    is_rebroadcast: p.isRebroadcast,
    channel: channel ? channelJson(channel) : null,
    work: work ? workJson(work, quirks) : null,
    episode: episode ? episodeJson(episode, s, quirks) : null
  }
}

export function recordJson(r: RecordRow, s: MediaState, quirks: boolean): Json {
  const user = s.user(r.userId)
  const work = s.work(r.workId)
  const episode = s.episode(r.episodeId)
  const out: Json = {
    id: r.id,
    comment: r.comment,
    rating: r.rating
  }
  if (quirks) out.rating_state = r.ratingState
  Object.assign(out, {
    is_modified: r.isModified,
    likes_count: r.likesCount,
    comments_count: r.commentsCount,
    created_at: quirks ? isoSeconds(r.createdAt) : isoMillis(r.createdAt),
    user: user ? userJson(user, s) : null,
    work: work ? workJson(work, quirks) : null,
    episode: episode ? episodeJson(episode, s, quirks) : null
  })
  return out
}

/**
 * `fields` keeps a scalar when its full dotted name is listed (`title`, `work.title`). `id` gets no
 * special treatment: a client that needs ids must list them (`id`, `work.id`), which catches
 * clients that forget. Nested objects: the live service (quirks) keeps every wrapper, possibly as
 * `{}`; the documents limit the body to the listed fields, so documented mode keeps a wrapper only
 * when it is listed itself (whole) or one of its fields is.
 */
export function pickFields(obj: Json, fields: Set<string>, quirks: boolean, prefix = ''): Json {
  const out: Json = {}
  const inside = (name: string): boolean => [...fields].some((f) => f.startsWith(`${name}.`))
  for (const [key, value] of Object.entries(obj)) {
    const name = prefix + key
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (!quirks && fields.has(name)) out[key] = value
      else if (quirks || inside(name)) out[key] = pickFields(value as Json, fields, quirks, `${name}.`)
    } else if (fields.has(name) || (value === null && inside(name))) {
      // A null wrapper (a program's `episode: null`) stays when any of its fields was asked for.
      out[key] = value
    }
  }
  return out
}
