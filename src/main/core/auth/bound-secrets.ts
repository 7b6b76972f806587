import { originOf } from '../../../shared/service-address'
import type { SecretName, Secrets } from './secrets'

/**
 * Secrets a service gave, each tied to the origin of the address it was given for: read through
 * here, a token comes back only for that origin, so an address changed by any means (the app, a
 * hand-edited settings file, the environment) finds no secret to send, and the user is asked again.
 */
export type ServiceSecretName = Exclude<SecretName, 'webhookSecret'>

export interface BoundSecret {
  /** The value, only when it was given for this address's origin. */
  get(): string | undefined
  set(value: string): Promise<void>
  /** Forgets the value if it belongs to this address; one given for another is left alone. */
  delete(): Promise<void>
  /** A value is kept, but for another origin (or one saved before origins were kept). */
  heldElsewhere(): boolean
}

export function boundSecret(secrets: Secrets, name: ServiceSecretName, address: string): BoundSecret {
  const origin = originOf(address)
  const mine = () => secrets.get(name)?.origin === origin
  return {
    get: () => (mine() ? secrets.get(name)?.value : undefined),
    set: (value) => secrets.set(name, { value, origin }),
    delete: async () => {
      if (mine()) await secrets.delete(name)
    },
    heldElsewhere: () => secrets.get(name) !== undefined && !mine()
  }
}

/** A secret handed in with its address (the command line's environment), never stored as such. */
export interface GivenSecret {
  address: string
  reveal(): string
}

/** The given one when it was given for this address, else the stored one bound to it. */
export function secretFor(given: GivenSecret | undefined, stored: BoundSecret, address: string): string | undefined {
  if (given) return originOf(given.address) === originOf(address) ? given.reveal() : undefined
  return stored.get()
}

/**
 * For a client's `tokenChanged`: reads the store again and says whether that gave another token
 * (signed in again elsewhere). A store that cannot be read now leaves the refusal as it was.
 */
export const rereadToken = (secrets: Secrets, token: () => string | undefined) => async (): Promise<boolean> => {
  const before = token()
  const read = await secrets.reload().then(
    () => true,
    () => false
  )
  return read && token() !== undefined && token() !== before
}
