import { MediaState, type Media, type SeasonName, type StatusKind, SEASONS } from './state'

/**
 * Seeded data relative to the start-up time. Ids never depend on the time, so a test can name
 * "program 5" on every run; only the times move. Program ids are deliberately not in start-time
 * order, so a client that relies on id order instead of sorting is caught.
 */
export const USER_ID = 1
export const OTHER_USER_ID = 2
/** Program created by `soonSeconds`; constant so tests can find it. */
export const SOON_PROGRAM_ID = 900
export const BENCH_WORK_ID = 100

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

export function seasonOf(ms: number): { year: number; name: SeasonName } {
  const d = new Date(ms)
  return { year: d.getUTCFullYear(), name: SEASONS[Math.floor(d.getUTCMonth() / 3)] as SeasonName }
}

function previousSeason(s: { year: number; name: SeasonName }): { year: number; name: SeasonName } {
  const i = SEASONS.indexOf(s.name)
  return i === 0 ? { year: s.year - 1, name: 'autumn' } : { year: s.year, name: SEASONS[i - 1] as SeasonName }
}

/** 01:30 in Japan (16:30 UTC) on the first night that is still ahead of `now`. */
function nextLateNightJst(now: number): number {
  let t = Math.floor(now / DAY) * DAY + 16 * HOUR + 30 * MIN
  if (t <= now + 10 * MIN) t += DAY
  return t
}

interface WorkSeed {
  id: number
  title: string
  kana: string
  media: Media
  season: { year: number; name: SeasonName } | null
  watchers: number
  episodes: number
  status?: StatusKind
}

export function seedMedia(now: number, soonSeconds?: number): MediaState {
  const s = new MediaState()
  const current = seasonOf(now)
  const previous = previousSeason(current)
  const lastYear = { year: current.year - 1, name: current.name }

  s.users.push(
    { id: USER_ID, username: 'hikari', name: 'Hikari', description: '', url: null, createdAt: now - 400 * DAY },
    {
      id: OTHER_USER_ID,
      username: 'kaze',
      name: 'Kaze',
      description: 'Second account; its records are not yours to edit.',
      url: 'https://example.com/kaze',
      createdAt: now - 200 * DAY
    }
  )
  s.channels.push(
    { id: 1, name: 'Tokyo MX' },
    { id: 2, name: 'BS11' },
    { id: 3, name: 'AT-X' },
    { id: 4, name: 'TV Tokyo' }
  )

  const works: WorkSeed[] = [
    {
      id: 1,
      title: 'Starlit Courier',
      kana: 'すたーりっとくーりえ',
      media: 'tv',
      season: current,
      watchers: 5120,
      episodes: 12,
      status: 'watching'
    },
    {
      id: 2,
      title: 'Midnight Bakery Club',
      kana: 'みっどないとべーかりーくらぶ',
      media: 'tv',
      season: current,
      watchers: 2310,
      episodes: 13,
      status: 'watching'
    },
    {
      id: 3,
      title: 'Orbit Gardeners',
      kana: 'おーびっとがーでなーず',
      media: 'tv',
      season: current,
      watchers: 870,
      episodes: 12,
      status: 'wanna_watch'
    },
    {
      id: 4,
      title: 'Paper Lantern Detectives',
      kana: 'ぺーぱーらんたんでぃてくてぃぶず',
      media: 'movie',
      season: lastYear,
      watchers: 9800,
      episodes: 1,
      status: 'watched'
    },
    {
      id: 5,
      title: 'Quiet Harbor',
      kana: 'くわいえっとはーばー',
      media: 'ova',
      season: previous,
      watchers: 140,
      episodes: 2,
      status: 'on_hold'
    },
    {
      id: 6,
      title: 'Rust and Roses',
      kana: 'らすとあんどろーず',
      media: 'web',
      season: current,
      watchers: 60,
      episodes: 6,
      status: 'stop_watching'
    },
    {
      id: 7,
      title: 'Untitled Pilot',
      kana: 'あんたいとるどぱいろっと',
      media: 'other',
      season: null,
      watchers: 3,
      episodes: 0,
      status: 'no_select'
    },
    {
      id: 8,
      title: 'Tsubame Relay',
      kana: 'つばめりれー',
      media: 'tv',
      season: null,
      watchers: 450,
      episodes: 24,
      status: 'watching'
    },
    {
      id: 9,
      title: 'Clockwork Meadow',
      kana: 'くろっくわーくめどう',
      media: 'tv',
      season: current,
      watchers: 1200,
      episodes: 12
    },
    {
      id: 10,
      title: 'Sakura Signal',
      kana: 'さくらしぐなる',
      media: 'tv',
      season: previous,
      watchers: 3300,
      episodes: 12
    }
  ]
  for (const w of works) {
    const month = w.season ? SEASONS.indexOf(w.season.name) * 3 + 1 : 0
    s.works.push({
      id: w.id,
      title: w.title,
      titleKana: w.kana,
      media: w.media,
      season: w.season,
      releasedOn: w.season ? `${w.season.year}-${String(month).padStart(2, '0')}-05` : '',
      releasedOnAbout: w.season ? '' : '未定',
      officialSiteUrl: `https://example.com/works/${w.id}`,
      encyclopediaUrl: `https://encyclopedia.example/wiki/work-${w.id}`,
      microblogUsername: `work${w.id}_official`,
      microblogHashtag: `work${w.id}`,
      episodesCount: w.episodes,
      watchersCount: w.watchers
    })
    if (w.status) s.setStatus(USER_ID, w.id, w.status, now - 30 * DAY)
  }
  s.setStatus(OTHER_USER_ID, 9, 'watching', now - 10 * DAY)
  s.setStatus(OTHER_USER_ID, 1, 'watched', now - 10 * DAY)

  // Episode n of work w has the id w*100+n; titles as a season's listings would print them.
  const episodeTitles: Record<number, string[]> = {
    1: [
      'A Letter to the Night Sky',
      'The Comet Post Office',
      'Signed, Sealed, Stardust',
      'Return to Sender',
      'The Long Way Round Orion',
      'Postmarked Tomorrow'
    ],
    2: [
      'The First Loaf',
      'Rise Before Dawn',
      'Crumbs of Courage',
      'Sourdough Secrets',
      'A Cake for the Night Shift',
      'Burnt Edges',
      'Flour on the Moon',
      'The Closing Bell'
    ],
    3: ['Seeds in Zero-G', 'Watering the Rings', 'Harvest Moon Station'],
    5: ['Low Tide', 'The Lighthouse Keeper'],
    6: ['Thorns', 'Oil and Petals', 'A Garden of Gears'],
    8: ['First Leg', 'Passing the Baton'],
    9: ['Wind-Up Spring', 'Gears in the Grass', 'Tick, Tock, Bloom'],
    10: ['Cherry Frequency', 'Static Petals']
  }
  for (const [workId, titles] of Object.entries(episodeTitles)) {
    titles.forEach((title, i) => {
      const n = i + 1
      s.episodes.push({
        id: Number(workId) * 100 + n,
        workId: Number(workId),
        number: n,
        numberText: `第${n}話`,
        sortNumber: n * 10,
        title
      })
    })
  }
  // Odd numbering the client must survive: a half episode, a film with no number, a special
  // whose number text is unknown.
  s.episodes.push(
    { id: 209, workId: 2, number: 7.5, numberText: '第7.5話', sortNumber: 75, title: 'Recap: flour and stars' },
    { id: 401, workId: 4, number: null, numberText: '本編', sortNumber: 10, title: 'Paper Lantern Detectives' },
    { id: 850, workId: 8, number: null, numberText: null, sortNumber: 5, title: 'Special: before the relay' }
  )

  const m = Math.floor(now / MIN) * MIN
  const hour = Math.floor(now / HOUR) * HOUR
  const late = nextLateNightJst(now)
  const program = (
    id: number,
    workId: number,
    episodeId: number | null,
    channelId: number,
    startedAt: number,
    isRebroadcast = false
  ): void => {
    s.programs.push({ id, workId, episodeId, channelId, startedAt, isRebroadcast })
  }
  program(1, 1, 103, 1, m - 30 * MIN) // started within the last hour
  program(2, 1, 102, 3, m + 20 * HOUR, true) // episode already recorded: hidden by filter_unwatched
  program(3, 1, 104, 1, m - 30 * MIN + 7 * DAY) // beyond a 48-hour window
  program(4, 1, 103, 3, hour + DAY + 2 * HOUR, true)
  program(5, 2, 205, 2, late) // 01:30 JST
  program(6, 2, 206, 2, late + DAY)
  program(7, 2, 209, 4, late + 2 * DAY)
  program(8, 2, 204, 4, m - 50 * MIN, true) // recorded already
  program(9, 3, 301, 1, hour + 2 * HOUR)
  program(10, 3, 302, 1, hour + 26 * HOUR)
  program(11, 8, null, 4, hour + 5 * HOUR) // no episode
  program(12, 8, 801, 4, hour + 29 * HOUR)
  program(13, 9, 901, 1, hour + 3 * HOUR) // no status for the main user
  program(14, 4, 401, 3, hour + 4 * HOUR) // watched work: hidden
  program(15, 6, 602, 2, hour + 6 * HOUR) // stop_watching: hidden
  program(16, 1, 105, 1, m - 30 * MIN + 2 * DAY)
  program(17, 8, 850, 3, late + 30 * MIN, true)
  // Aired in the last days and never recorded: what "catch up" lists (newest first, by work). The
  // third episode aired twice (a rebroadcast elsewhere): one episode to catch up on, not two.
  program(18, 2, 202, 2, m - 6 * DAY)
  program(19, 2, 203, 2, m - 5 * DAY)
  program(20, 2, 203, 4, m - 4 * DAY, true)
  program(21, 2, 201, 2, m - 9 * DAY) // older than the default week
  if (soonSeconds !== undefined) program(SOON_PROGRAM_ID, 1, 106, 1, now + soonSeconds * 1000)

  const record = (userId: number, episodeId: number, comment: string, rating: number | null, ago: number): void => {
    const ep = s.episode(episodeId)
    if (!ep) throw new Error(`seed: no episode ${episodeId}`)
    s.addRecord({
      userId,
      workId: ep.workId,
      episodeId,
      comment,
      rating,
      ratingState: null,
      isModified: false,
      likesCount: userId === USER_ID ? 2 : 0,
      commentsCount: 0,
      shareMicroblog: false,
      shareSocialnet: false,
      createdAt: now - ago
    })
  }
  record(USER_ID, 101, '', null, 13 * DAY)
  record(USER_ID, 102, 'Great opening', 4.5, 6 * DAY)
  record(USER_ID, 204, 'Bread at 2am, why not', 5, 2 * DAY)
  record(OTHER_USER_ID, 901, 'Not my account', 3, DAY)
  record(OTHER_USER_ID, 103, 'Seen before you', null, HOUR) // another user's record must not hide yours
  return s
}

/** Bulk unwatched programs on one watching work, for benchmarks; ids continue across calls. */
export function seedBenchPrograms(
  s: MediaState,
  now: number,
  n: number,
  opts: { startFrom?: number; spacingMinutes?: number } = {}
): void {
  if (!s.work(BENCH_WORK_ID)) {
    s.works.push({
      id: BENCH_WORK_ID,
      title: 'Benchmark Marathon',
      titleKana: 'べんちまーくまらそん',
      media: 'tv',
      season: seasonOf(now),
      releasedOn: '',
      releasedOnAbout: '',
      officialSiteUrl: 'https://example.com/works/100',
      encyclopediaUrl: 'https://encyclopedia.example/wiki/work-100',
      microblogUsername: 'bench',
      microblogHashtag: 'bench',
      episodesCount: 0,
      watchersCount: 1
    })
    s.setStatus(USER_ID, BENCH_WORK_ID, 'watching', now)
  }
  const work = s.work(BENCH_WORK_ID)!
  const start = opts.startFrom ?? now + MIN
  const spacing = (opts.spacingMinutes ?? 30) * MIN
  const base = s.programs.filter((p) => p.workId === BENCH_WORK_ID).length
  for (let i = 0; i < n; i++) {
    const k = base + i + 1
    const episodeId = 100_000 + k
    s.episodes.push({
      id: episodeId,
      workId: BENCH_WORK_ID,
      number: k,
      numberText: `第${k}話`,
      sortNumber: k * 10,
      title: `Bench ${k}`
    })
    s.programs.push({
      id: 100_000 + k,
      workId: BENCH_WORK_ID,
      channelId: (k % 4) + 1,
      episodeId,
      startedAt: start + i * spacing,
      isRebroadcast: false
    })
  }
  work.episodesCount = base + n
}
