import type { LocalizedText } from '../../../shared/locale'
import type { Settings } from '../../../shared/settings'
import { whySignedOut } from './addresses'
import { boundSecret, secretFor, type GivenSecret, type ServiceSecretName } from '../auth/bound-secrets'
import type { BuildClient } from '../auth/build-client'
import type { Secrets } from '../auth/secrets'
import type { SessionDoc } from '../auth/session-store'
import type { DocumentStore } from '../store/document'

type Services = Settings['services']

export interface AccountSecretsDeps {
  secrets: Secrets
  sessionStore: DocumentStore<SessionDoc>
  overrides?: { clientSecret?: GivenSecret; wikiToken?: GivenSecret }
  buildClient?: BuildClient
  /** The saved services (the build's client filled in). */
  services: () => Services
  /** The saved services minus refused addresses: the only addresses anything is sent to. */
  usable: () => Services
  /** The services in use are the build's client. */
  builtIn: () => boolean
}

/**
 * The secrets an account may use at the addresses it is set to, each read only for the address it
 * was given for, and why there is none when one was kept for another address.
 */
export function accountSecrets(deps: AccountSecretsDeps) {
  /** The build's client secret is bound like any other, to the build's own address. */
  const givenClientSecret = (): GivenSecret | undefined => {
    const client = deps.buildClient
    if (deps.overrides?.clientSecret || !client || !deps.builtIn()) return deps.overrides?.clientSecret
    return { address: client.mediaUrl, reveal: () => client.clientSecret }
  }
  const clientSecretAt = (mediaUrl: string) =>
    mediaUrl
      ? secretFor(givenClientSecret(), boundSecret(deps.secrets, 'mediaClientSecret', mediaUrl), mediaUrl)
      : undefined
  const wikiToken = () => {
    const url = deps.usable().wikiUrl
    return url ? secretFor(deps.overrides?.wikiToken, boundSecret(deps.secrets, 'wikiToken', url), url) : undefined
  }
  const signedOutReason = (service: 'media' | 'wiki' = 'media'): LocalizedText | undefined => {
    if (service === 'wiki' && wikiToken() !== undefined) return undefined
    const sessionAt = deps.sessionStore.read().session?.mediaUrl
    const elsewhere = (name: ServiceSecretName, address: string) =>
      boundSecret(deps.secrets, name, address).heldElsewhere()
    return whySignedOut(deps.services(), { sessionAt, elsewhere }, service)
  }
  /** What the secrets become when the user saves other addresses. */
  async function moveSecrets(before: Services, next: Services, clientSecret?: string): Promise<void> {
    // A token is meaningless at another address, and sending it there would hand it over.
    if (before.mediaUrl !== next.mediaUrl || before.clientId !== next.clientId) {
      await deps.secrets.delete('mediaAccessToken')
      deps.sessionStore.write({ session: null })
    }
    if (before.wikiUrl !== next.wikiUrl) await deps.secrets.delete('wikiToken')
    // Bound to the new address; one kept for the old address is no longer sent anywhere.
    if (clientSecret !== undefined)
      await boundSecret(deps.secrets, 'mediaClientSecret', next.mediaUrl).set(clientSecret)
  }
  return {
    moveSecrets,
    clientSecretAt,
    clientSecret: () => clientSecretAt(deps.usable().mediaUrl),
    wikiToken,
    signedOutReason
  }
}
