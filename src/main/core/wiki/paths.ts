/**
 * Path segments built from values that came from elsewhere (a notification URL, the user's
 * input). Each is checked and percent-encoded so no value can reach another endpoint.
 */
export interface ArticleRef {
  userName: string
  timestampId: string
}

const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
const TIMESTAMP_ID = /^\d{14}$/

export function isUserName(s: string): boolean {
  return USER_NAME.test(s)
}

export function isTimestampId(s: string): boolean {
  return TIMESTAMP_ID.test(s)
}

export function articlePath(ref: ArticleRef): string {
  if (!isUserName(ref.userName)) throw new RangeError('invalid wiki user name')
  if (!isTimestampId(ref.timestampId)) throw new RangeError('invalid article id: expected 14 digits')
  return `api/v1/users/${encodeURIComponent(ref.userName)}/articles/${ref.timestampId}`
}

/**
 * The article a notification links to, from either of the shapes the wiki uses:
 * `https://<community>.<host>/<user>/items/<id>` (web page, possibly with `#comment-N`) and
 * `/users/<user>/articles/<id>` (API style). Anything else, including non-http links, is null.
 */
export function articleRefFromUrl(url: string | undefined): ArticleRef | null {
  if (!url) return null
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null
  const parts = u.pathname.split('/').filter((s) => s.length > 0)
  const ref =
    parts.length === 3 && parts[1] === 'items'
      ? { userName: parts[0], timestampId: parts[2] }
      : parts.length === 4 && parts[0] === 'users' && parts[2] === 'articles'
        ? { userName: parts[1], timestampId: parts[3] }
        : null
  if (!ref?.userName || !ref.timestampId) return null
  return isUserName(ref.userName) && isTimestampId(ref.timestampId)
    ? { userName: ref.userName, timestampId: ref.timestampId }
    : null
}

/**
 * The API documents no timestamp id in the Article object; it is the creation time written in the
 * article's own offset (`2016-07-01T12:59:59+09:00` → `20160701125959`), which this derives.
 */
export function articleRefOf(article: { user: { name: string }; created_at: string }): ArticleRef | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/.exec(article.created_at)
  if (!m || !isUserName(article.user.name)) return null
  return { userName: article.user.name, timestampId: m.slice(1).join('') }
}
