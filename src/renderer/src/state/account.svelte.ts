/**
 * The renderer's view of the account: the last `auth:status`, whether the build has accounts at
 * all, and which onboarding step is forced open (the "done" screen after signing in, or "sign in
 * again with write access" from elsewhere). Shared by the onboarding and the Accounts settings.
 */
import { invoke } from '../lib/api'
import type { AuthStatus } from '../../../shared/contract'
import { asUserError } from '../errors'

export type Step = 'welcome' | 'services' | 'signin' | 'done'

export const account = $state({
  status: null as AuthStatus | null,
  /** False when the core was composed without accounts (some test harnesses): no onboarding. */
  available: true,
  /** A step shown even though the account is ready. */
  forced: null as Step | null,
  /** The user agreed to store secrets unencrypted where the OS cannot encrypt them. */
  allowUnencrypted: false
})

export async function refreshStatus(): Promise<void> {
  try {
    account.status = await invoke('auth:status')
  } catch (err) {
    if (asUserError(err).code === 'accounts-unavailable') account.available = false
    else throw err
  }
}

/** Onboarding covers the app until services are set up and someone is signed in. */
export function onboardingStep(): Step | null {
  const s = account.status
  if (!account.available || s === null) return null
  if (account.forced) return account.forced
  if (!s.configured) return 'welcome'
  if (!s.signedIn) return 'signin'
  return null
}

/** What commands that store a secret add to their input. */
export function consent(): { allowUnencrypted?: true } {
  return account.allowUnencrypted ? { allowUnencrypted: true } : {}
}
