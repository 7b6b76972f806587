/**
 * The renderer's view of the account: the last `auth:status`, and which onboarding step is forced open (the "done" screen after signing in, or "sign in
 * again with write access" from elsewhere). Shared by the onboarding and the Accounts settings.
 */
import { invoke } from '../lib/api'
import type { AuthStatus } from '../../../shared/contract'
import type { LocalizedText } from '../../../shared/locale'

export type Step = 'welcome' | 'services' | 'signin' | 'done'

export const account = $state({
  status: null as AuthStatus | null,
  /** A step shown even though the account is ready. */
  forced: null as Step | null,
  /** The user agreed to store secrets unencrypted where the OS cannot encrypt them. */
  allowUnencrypted: false,
  /** The last sign-in replaced a token the service could not be told to revoke: shown once signed in. */
  replacedTokenKept: null as LocalizedText | null,
  /** Other accounts of the folder still have records waiting: shown once signed in. */
  othersWaiting: null as LocalizedText | null
})

export async function refreshStatus(): Promise<void> {
  account.status = await invoke('auth:status')
}

/** Onboarding covers the app until services are set up and someone is signed in. */
export function onboardingStep(): Step | null {
  const s = account.status
  if (s === null) return null
  if (account.forced) return account.forced
  if (!s.configured) return 'welcome'
  if (!s.signedIn) return 'signin'
  return null
}

/** What commands that store a secret add to their input. */
export function consent(): { allowUnencrypted?: true } {
  return account.allowUnencrypted ? { allowUnencrypted: true } : {}
}
