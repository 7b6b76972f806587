import { isoJst, msFromTimestampId } from './format'

/**
 * The wiki's starting data. Ids are constants so tests can name them. Articles are old content
 * with fixed dates (an article's timestamp id is its creation time in Japan); notifications and
 * accounts are dated relative to `now`, so "newest first" and "3 hours ago" stay meaningful.
 */
export interface CommunityJson {
  id: number
  name: string
  domain_name: string
  created_at: string
  updated_at: string
}

export interface UserJson {
  id: number
  name: string
  image_url: string
  created_at: string
}

export interface StoredArticle {
  id: number
  timestampId: string
  title: string
  body: string
  tags: string[]
  community: CommunityJson
  user: UserJson
  createdAt: number
  updatedAt: number
}

export interface StoredNotification {
  /** Sent as is, so a test can plant any shape, including missing or odd fields. */
  json: Record<string, unknown>
  unread: boolean
  /** Sort key; kept apart from `json.created_at`, which a test may make unparsable. */
  at: number
}

export interface WikiState {
  communities: CommunityJson[]
  users: UserJson[]
  /** The owner of the emulator's token. */
  me: UserJson
  articles: StoredArticle[]
  notifications: StoredNotification[]
  nextArticleId: number
  nextNotificationId: number
}

const MIN = 60_000
const DAY = 24 * 60 * MIN

/** Seeded ids tests may rely on. */
export const SEED = {
  me: 'onair-fan',
  articles: {
    mineSeasonGuide: { user: 'onair-fan', timestampId: '20160701125959' },
    hikariReview: { user: 'hikari', timestampId: '20240115093000' }
  },
  tags: { anime: 'anime', review: 'review' }
} as const

export function siteUrl(community: CommunityJson, path: string): string {
  return `https://${community.domain_name}.wiki.example${path}`
}

export function articleUrl(article: Pick<StoredArticle, 'community' | 'user' | 'timestampId'>): string {
  return siteUrl(article.community, `/${article.user.name}/items/${article.timestampId}`)
}

export function seedWiki(now: number, quirks: boolean): WikiState {
  const ago = (ms: number): string => isoJst(now - ms)
  const communities: CommunityJson[] = [
    { id: 1, name: 'Anime Club', domain_name: 'anime-club', created_at: ago(900 * DAY), updated_at: ago(30 * DAY) },
    { id: 2, name: 'Studio Notes', domain_name: 'studio-notes', created_at: ago(400 * DAY), updated_at: ago(2 * DAY) }
  ]
  const user = (id: number, name: string, days: number): UserJson => ({
    id,
    name,
    image_url: `https://avatars.wiki.example/u/${id}.png`,
    created_at: ago(days * DAY)
  })
  const users = [user(1, 'onair-fan', 800), user(2, 'hikari', 700), user(3, 'sora_dev', 500), user(4, 'mei-k', 100)]
  const [club, studio] = communities as [CommunityJson, CommunityJson]
  const [me, hikari, sora, mei] = users as [UserJson, UserJson, UserJson, UserJson]

  const article = (
    id: number,
    timestampId: string,
    author: UserJson,
    community: CommunityJson,
    title: string,
    body: string,
    tags: string[]
  ): StoredArticle => {
    const at = msFromTimestampId(timestampId)
    return { id, timestampId, title, body, tags, community, user: author, createdAt: at, updatedAt: at + DAY }
  }
  const articles = [
    article(
      1,
      '20160701125959',
      me,
      club,
      '今期アニメ視聴ガイド',
      '# 今期のおすすめ\n\n毎週の放送時間をまとめました。',
      ['anime', 'guide']
    ),
    article(2, '20240115093000', hikari, club, 'Review: Frieren episode 12', 'A quiet episode that *lands*.', [
      'anime',
      'review'
    ]),
    article(3, '20240220181500', sora, studio, 'Storyboard notes <v2>', 'Cut 12 needs a new layout.', ['production']),
    article(4, '20240301070000', mei, club, 'Watch party schedule', 'Fridays at 21:00 JST.', ['anime', 'event'])
  ]

  const a1 = articles[0] as StoredArticle
  const a2 = articles[1] as StoredArticle
  const issue = (c: CommunityJson, n: number, comment?: number): string =>
    siteUrl(c, `/issues/${n}${comment ? `#comment-${comment}` : ''}`)
  const seedList: [
    type: string,
    title: string,
    url: string,
    sender: UserJson,
    community: CommunityJson,
    unread: boolean
  ][] = [
    [
      'ArticleCommentMentionNotification',
      'hikari mentioned you in a comment on 「今期アニメ視聴ガイド」',
      `${articleUrl(a1)}#comment-31`,
      hikari,
      club,
      true
    ],
    [
      'ArticleCommentNotification',
      'sora_dev commented on <b>今期アニメ視聴ガイド</b>',
      `${articleUrl(a1)}#comment-32`,
      sora,
      club,
      true
    ],
    [
      'ArticleCommentReactionNotification',
      'mei-k reacted to your comment <img src=x onerror=alert(1)>',
      `${articleUrl(a2)}#comment-7`,
      mei,
      club,
      true
    ],
    [
      'ArticleMentionNotification',
      'hikari mentioned you in "Review: Frieren episode 12"',
      articleUrl(a2),
      hikari,
      club,
      true
    ],
    ['ArticleReactionNotification', 'mei-k reacted to 今期アニメ視聴ガイド', articleUrl(a1), mei, club, false],
    [
      'ArticleReferenceNotification',
      'sora_dev referenced your article from Storyboard notes &lt;v2&gt;',
      articleUrl(a1),
      sora,
      studio,
      false
    ],
    [
      'IssueCommentMentionNotification',
      'hikari mentioned you in a comment on issue #12',
      issue(club, 12, 5),
      hikari,
      club,
      true
    ],
    [
      'IssueCommentNotification',
      'mei-k commented on issue #12 "Watch party venue"',
      issue(club, 12, 6),
      mei,
      club,
      false
    ],
    [
      'IssueCommentReactionNotification',
      'sora_dev reacted to your comment on issue #3',
      issue(studio, 3, 2),
      sora,
      studio,
      false
    ],
    ['IssueMentionNotification', 'mei-k mentioned you in issue #14', issue(club, 14), mei, club, false],
    ['IssueReactionNotification', 'hikari reacted to issue #9', issue(club, 9), hikari, club, false],
    [
      'PageMentionNotification',
      'sora_dev mentioned you on the page <i>Episode guide</i>',
      siteUrl(studio, '/pages/7'),
      sora,
      studio,
      false
    ]
  ]
  const notifications: StoredNotification[] = seedList.map(([type, title, url, sender, community, unread], i) => {
    const at = now - (5 + i * 47) * MIN
    return { json: { id: i + 1, type, title, url, community, sender, created_at: isoJst(at) }, unread, at }
  })
  if (quirks) notifications.push(...quirkNotifications(now, club, hikari, a2))

  return { communities, users, me, articles, notifications, nextArticleId: 100, nextNotificationId: 100 }
}

/** What the live service has been seen to send beside the documented shape. */
function quirkNotifications(
  now: number,
  club: CommunityJson,
  sender: UserJson,
  a: StoredArticle
): StoredNotification[] {
  const at = (min: number): number => now - min * MIN
  return [
    // A system notice has no person behind it.
    {
      json: {
        id: 13,
        type: 'ArticleReferenceNotification',
        title: 'Your article was referenced',
        url: articleUrl(a),
        community: club,
        created_at: isoJst(at(2))
      },
      unread: true,
      at: at(2)
    },
    // Notices from a deleted community come without it.
    {
      json: {
        id: 14,
        type: 'IssueMentionNotification',
        title: 'You were mentioned in an archived issue',
        url: 'https://archived.wiki.example/issues/1',
        sender,
        created_at: isoJst(at(700))
      },
      unread: false,
      at: at(700)
    },
    // The type list grows over time.
    {
      json: {
        id: 15,
        type: 'PageCommentNotification',
        title: 'hikari commented on a page',
        url: 'https://anime-club.wiki.example/pages/3',
        community: club,
        sender,
        created_at: isoJst(at(800))
      },
      unread: true,
      at: at(800)
    }
  ]
}
