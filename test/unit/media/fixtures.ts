import { ManualClock } from '../../support/manual-clock'
import { createMediaClient, type MediaClientOptions } from '../../../src/main/core/media/client'

/** Wire shapes as the service documents them and as the live service sends them. */
export const documentedWork = {
  id: 4168,
  title: 'Example Title',
  title_kana: 'えぐざんぷる',
  media: 'tv',
  media_text: 'TV',
  season_name: '2016-spring',
  season_name_text: '2016年春',
  released_on: '2016-04-01',
  released_on_about: '',
  official_site_url: 'https://example.test',
  encyclopedia_url: 'https://wiki.example.test/x',
  microblog_username: 'example',
  microblog_hashtag: 'example',
  episodes_count: 12,
  watchers_count: 1000
}

export const documentedEpisode = {
  id: 75187,
  number: '1',
  number_text: '第1話',
  sort_number: 10,
  title: 'Opening',
  records_count: 3
}

export const documentedProgram = {
  id: 35387,
  started_at: '2016-04-01T15:00:00Z',
  is_rebroadcast: false,
  channel: { id: 19, name: 'Channel A' },
  work: documentedWork,
  episode: documentedEpisode
}

export const liveProgram = {
  id: 35388,
  started_at: '2017-10-02T15:00:00.000Z',
  is_rebroadcast: true,
  channel: { id: 19, name: 'Channel A', extra: 'ignored' },
  work: (({ season_name: _a, season_name_text: _b, ...w }) => ({ ...w, media: 'ova', no_episodes: false }))(
    documentedWork
  ),
  episode: { ...documentedEpisode, number: 12.5, number_text: null }
}

export const documentedRecord = {
  id: 1,
  comment: 'good',
  rating: null,
  is_modified: false,
  likes_count: 0,
  comments_count: 0,
  created_at: '2016-05-07T09:40:32.159Z',
  user: {
    id: 2,
    username: 'user',
    name: 'User',
    description: '',
    url: null,
    records_count: 10,
    created_at: '2014-03-02T15:38:40.000Z'
  },
  work: documentedWork,
  episode: { ...documentedEpisode, number: null }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

export interface SeenRequest {
  method: string
  url: URL
  headers: Headers
  body: URLSearchParams
}

/** A fetch that records each request and answers with `handler`. */
export function fakeFetch(handler: (req: SeenRequest, n: number) => Response | Promise<Response>) {
  const seen: SeenRequest[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const req: SeenRequest = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : '')
    }
    seen.push(req)
    return handler(req, seen.length)
  }) as typeof globalThis.fetch
  return { fetch, seen }
}

/** A client on a ManualClock whose waits advance that clock: no test sleeps for real. */
export function testClient(fetch: typeof globalThis.fetch, extra: Partial<MediaClientOptions> = {}) {
  const clock = new ManualClock()
  const slept: number[] = []
  const client = createMediaClient({
    baseUrl: 'http://media.test',
    token: () => 'tok',
    clock,
    fetch,
    sleep: async (ms) => {
      slept.push(ms)
      clock.advance(ms)
    },
    retry: { random: () => 0.5 },
    ...extra
  })
  return { client, clock, slept }
}
