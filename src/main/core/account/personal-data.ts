import { personalDocuments } from '../store/data-files'
import { deleteAccountDocuments } from '../store/document'

/**
 * The signed-out account's personal documents, deleted at sign-out (store/data-files.ts says
 * which); settings, other accounts' documents, and the secrets, which the session empties itself,
 * are kept.
 */
export function personalDataWiper(dataDir: string) {
  return ({ discardOutbox, account }: { discardOutbox: boolean; account: string }): void =>
    deleteAccountDocuments(dataDir, account, personalDocuments(discardOutbox))
}
