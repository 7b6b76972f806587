import type { LocalizedText } from '../../../shared/locale'
import { OutboxDoc } from '../../../shared/records'
import { folderDatabase, statement } from '../store/database'
import { currentAccount } from '../store/document'

/**
 * What the user is told after signing in when other accounts of this data folder still have records
 * waiting to be sent: how many, and that they are sent only when their own account signs in again,
 * never under this one. Nothing is said when there are none.
 */
export function recordsWaitingForOthers(dataDir: string): LocalizedText | undefined {
  const waiting = folderDatabase(dataDir).snapshot((db) => {
    if (!db) return []
    const rows = statement(db, "SELECT account, body FROM documents WHERE name = 'outbox' AND account NOT IN ('', ?)")
      .all(currentAccount(db))
      .map((row) => ({ account: row.account as string, doc: OutboxDoc.safeParse(JSON.parse(row.body as string)) }))
    return rows.flatMap(({ account, doc }) => {
      const count = doc.success ? doc.data.entries.filter((e) => e.state !== 'sent').length : 0
      return count ? [{ account, count }] : []
    })
  })
  if (waiting.length === 0) return undefined
  const total = waiting.reduce((n, w) => n + w.count, 0)
  // The account's key is `<service address> #<user id>` (store/document.ts accountKey).
  const who = waiting.map((w) => w.account.replace(/^(.*) #(\d+)$/, 'user #$2 at $1')).join(', ')
  const whoJa = waiting.map((w) => w.account.replace(/^(.*) #(\d+)$/, '$1 のユーザー #$2')).join('、')
  return {
    en: `${total} record${total === 1 ? '' : 's'} of another account (${who}) still wait${total === 1 ? 's' : ''} to be sent. They are sent only when that account signs in here again, never under this one; to drop them, sign in as that account and discard them in the outbox (onair outbox discard <id>).`,
    ja: `別のアカウント（${whoJa}）の記録が ${total} 件、送信待ちのまま残っています。そのアカウントでもう一度サインインしたときにだけ送信し、このアカウントで送ることはありません。取り消す場合は、そのアカウントでサインインして送信待ちから破棄してください（onair outbox discard <id>）。`
  }
}
