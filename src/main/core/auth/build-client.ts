/**
 * The service's OAuth client a build may carry, so that a user signs in without
 * registering an application first. It is given at build time through the environment
 * (ONAIR_BUILD_MEDIA_URL, ONAIR_BUILD_CLIENT_ID, ONAIR_BUILD_CLIENT_SECRET, optionally
 * ONAIR_BUILD_WIKI_URL) and written into the app's and the command line's bundles by the bundler
 * (`define`, build/vite-shared.ts); it is never in the repository, never stored in the data
 * folder, and never sent to the window, the log or `onair config list`.
 *
 * A native app cannot keep a secret (RFC 8252 §8.5): anyone can read it out of the bundle, so it
 * identifies the app, it does not prove it. PKCE is what protects each sign-in (README "Sign in").
 */
import type { Settings } from '../../../shared/settings'
import { normalizeServiceAddress, originOf, serviceAddressProblem } from '../../../shared/service-address'

export interface BuildClient {
  mediaUrl: string
  /** '' when the build names no wiki. */
  wikiUrl: string
  clientId: string
  clientSecret: string
}

declare const __ONAIR_BUILD_CLIENT__: BuildClient | null | undefined

/** The client this build carries; none when built without one, and when run from the sources. */
export function embeddedClient(): BuildClient | undefined {
  return typeof __ONAIR_BUILD_CLIENT__ === 'object' && __ONAIR_BUILD_CLIENT__ !== null
    ? __ONAIR_BUILD_CLIENT__
    : undefined
}

const VARIABLES = ['ONAIR_BUILD_MEDIA_URL', 'ONAIR_BUILD_CLIENT_ID', 'ONAIR_BUILD_CLIENT_SECRET'] as const

/**
 * Read by the bundler's configuration: the client, or null when none of the variables is set. A
 * build given only some of them, or an address that is not https (loopback aside), fails here
 * rather than shipping a client that cannot sign in.
 */
export function buildClientFromEnv(env: Record<string, string | undefined>): BuildClient | null {
  const value = (name: string) => env[name]?.trim() ?? ''
  const missing = VARIABLES.filter((name) => value(name) === '')
  if (missing.length === VARIABLES.length) return null
  if (missing.length > 0) throw new Error(`A build that carries the OAuth client needs ${missing.join(', ')} too.`)
  const address = (name: string) => {
    const raw = normalizeServiceAddress(value(name))
    const problem = raw === '' ? undefined : serviceAddressProblem(raw)
    if (problem) throw new Error(`${name} ${problem.en}.`)
    return raw
  }
  return {
    mediaUrl: address('ONAIR_BUILD_MEDIA_URL'),
    wikiUrl: address('ONAIR_BUILD_WIKI_URL'),
    clientId: value('ONAIR_BUILD_CLIENT_ID'),
    clientSecret: value('ONAIR_BUILD_CLIENT_SECRET')
  }
}

type Services = Settings['services']

const sameOrigin = (a: string, b: string): boolean => {
  try {
    return originOf(a) === originOf(b)
  } catch {
    return false
  }
}

/**
 * Whether the services in use are the build's client: the user named no client of their own (or
 * this one, which a sign-in writes into its session), at no other address than the build's.
 */
export function usesBuildClient(stored: Services, client: BuildClient | undefined): client is BuildClient {
  if (!client) return false
  const ownClient = stored.clientId !== '' && stored.clientId !== client.clientId
  const elsewhere = stored.mediaUrl !== '' && !sameOrigin(stored.mediaUrl, client.mediaUrl)
  return !ownClient && !elsewhere
}

/** The services as used: the saved ones, completed with the build's client when that is in use. */
export function withBuildClient(stored: Services, client: BuildClient | undefined): Services {
  if (!usesBuildClient(stored, client)) return stored
  return {
    ...stored,
    mediaUrl: stored.mediaUrl || client.mediaUrl,
    wikiUrl: stored.wikiUrl || client.wikiUrl,
    clientId: client.clientId
  }
}
