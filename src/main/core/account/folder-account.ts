import { embeddedClient } from '../auth/build-client'
import { createAccount, type Account, type AccountDeps } from './account'
import { personalDataWiper } from './personal-data'

/**
 * The account over a data folder, as the app and the command line both open it: sign-out wipes
 * that folder's personal files, and the OAuth client this build carries is used while the user
 * names none (auth/build-client.ts). Each face brings the rest: its settings view, its secrets
 * store and session file, its clock, browser, language and transport.
 */
export function folderAccount(dataDir: string, deps: Omit<AccountDeps, 'wipePersonalData' | 'buildClient'>): Account {
  return createAccount({ ...deps, wipePersonalData: personalDataWiper(dataDir), buildClient: embeddedClient() })
}
