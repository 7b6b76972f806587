import { z } from 'zod'
import { folderDocument, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/**
 * What Onair remembers about the signed-in account, outside the secrets: who it is and what the
 * token may do. Personal, so the file is 0600 too; the token itself is never in it.
 */
export const SessionUser = z.object({
  id: z.int(),
  /** The service has no "who am I" endpoint: known only once a record of this user came back. */
  username: z.string().nullable(),
  name: z.string().nullable()
})
export type SessionUser = z.infer<typeof SessionUser>

export const SessionRecord = z.object({
  /** The service this token belongs to; a token is meaningless against another address. */
  mediaUrl: z.string(),
  clientId: z.string(),
  user: SessionUser,
  scopes: z.array(z.string()),
  signedInAt: z.number()
})
export type SessionRecord = z.infer<typeof SessionRecord>

export const SessionDoc = z.object({ session: SessionRecord.nullable() })
export type SessionDoc = z.infer<typeof SessionDoc>

export function sessionFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void
): DocumentStore<SessionDoc> {
  return folderDocument({
    dataDir,
    name: 'session',
    schema: SessionDoc,
    defaults: () => ({ session: null }),
    onCorrupt,
    lossNote: {
      en: 'Onair no longer knows your sign-in: sign in again (in the app, or with onair sign-in).',
      ja: 'サインインの情報が失われました。もう一度サインインしてください（アプリ、または onair sign-in）。'
    }
  })
}
