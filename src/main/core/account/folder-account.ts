import { embeddedClient } from '../auth/build-client'
import { recordsWaitingForOthers } from '../records/waiting-elsewhere'
import { personalDocuments } from '../store/data-files'
import { deleteAccountDocuments } from '../store/document'
import { createAccount, type Account, type AccountDeps } from './account'

/**
 * The account over a data folder, as the app and the command line both open it: sign-out deletes
 * the signed-out account's personal documents (store/data-files.ts says which; settings, other
 * accounts' documents and the secrets, which the session empties itself, are kept), a sign-in
 * tells of other accounts' records still waiting, and the OAuth client this build carries is used
 * while the user names none (auth/build-client.ts). Each face brings the rest: its settings view,
 * its secrets store and session store, its clock, browser, language and transport.
 */
export function folderAccount(
  dataDir: string,
  deps: Omit<AccountDeps, keyof ReturnType<typeof folderParts> | 'buildClient'>
): Account {
  return createAccount({ ...deps, ...folderParts(dataDir), buildClient: embeddedClient() })
}

/** The parts of an account that come from its data folder (tests compose accounts with them too). */
export function folderParts(dataDir: string): Pick<AccountDeps, 'wipePersonalData' | 'othersWaiting'> {
  return {
    wipePersonalData: ({ discardOutbox, account }) =>
      deleteAccountDocuments(dataDir, account, personalDocuments(discardOutbox)),
    othersWaiting: () => recordsWaitingForOthers(dataDir)
  }
}
