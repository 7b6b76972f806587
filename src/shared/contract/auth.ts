import { z } from 'zod'
import { normalizeServiceAddress, serviceAddressProblem } from '../service-address'
import { LocalizedText } from './common'

/**
 * Sign-in and account commands. Tokens and the client secret travel renderer → main only: inputs
 * accept them, no output or event schema has a field that could carry one back (every output is
 * a strict object, so a stray field is a dispatch error, not a leak).
 */

const SecretInput = z.string().trim().min(1).max(4096)

/** A service address as the Services view enters it: checked by the one rule, normalized. */
const ServiceAddress = z
  .string()
  .trim()
  .check((ctx) => {
    const problem = serviceAddressProblem(ctx.value)
    if (problem) ctx.issues.push({ code: 'custom', message: problem.en, input: ctx.value })
  })
  .transform(normalizeServiceAddress)

/**
 * Where the OS offers no encryption for secrets, storing one needs the user's explicit yes; without
 * it a command that would store a secret answers the UserError `needs-consent`.
 */
const Consent = { allowUnencrypted: z.boolean().optional() }

/** Ask for `read` alone: the only sign-in an application registered "read only" can complete. */
const ReadOnly = { readOnly: z.boolean().optional() }

export const ServicesInput = z.strictObject({
  mediaUrl: ServiceAddress,
  /** Optional: the wiki inbox stays off without it. */
  wikiUrl: z.union([z.literal(''), ServiceAddress]),
  clientId: z.string().trim().min(1).max(512),
  /** Absent keeps the stored one (the renderer never sees it, so it cannot send it back). */
  clientSecret: SecretInput.optional(),
  /** 0 picks a free port at each sign-in. */
  redirectPort: z.number().int().min(0).max(65535),
  ...Consent
})
export type ServicesInput = z.output<typeof ServicesInput>

const SessionUser = z.strictObject({ id: z.int(), username: z.string().nullable(), name: z.string().nullable() })

export const SessionInfo = z.strictObject({
  user: SessionUser,
  scopes: z.array(z.string()),
  canWrite: z.boolean(),
  writeHint: z.strictObject({ message: LocalizedText, action: z.literal('sign-in-with-write') }).optional(),
  /** Said by the sign-in that replaced a token it could not revoke: it may still be valid at the service. */
  replacedTokenKept: LocalizedText.optional(),
  /** Said by a sign-in when other accounts of the folder still have records waiting (sent only under theirs). */
  othersWaiting: LocalizedText.optional()
})
export type SessionInfo = z.infer<typeof SessionInfo>

export const AuthStatus = z.strictObject({
  /** Media address, client id and client secret are all known: signing in can start. */
  configured: z.boolean(),
  signedIn: z.boolean(),
  session: SessionInfo.nullable(),
  services: z.strictObject({
    mediaUrl: z.string(),
    wikiUrl: z.string(),
    clientId: z.string(),
    redirectPort: z.number().int(),
    hasClientSecret: z.boolean()
  }),
  secretsProtection: z.strictObject({ encrypted: z.boolean(), description: LocalizedText }),
  wiki: z.strictObject({ configured: z.boolean(), hasToken: z.boolean() })
})
export type AuthStatus = z.infer<typeof AuthStatus>

export const authCommands = {
  'auth:status': { input: z.undefined(), output: AuthStatus },
  'auth:saveServices': { input: ServicesInput, output: AuthStatus },
  /** Opens the browser and resolves once the sign-in finished (or failed, as a UserError). */
  'auth:signIn': { input: z.strictObject({ ...Consent, ...ReadOnly }).optional(), output: SessionInfo },
  'auth:cancelSignIn': { input: z.undefined(), output: z.void() },
  /** Opens the browser on the page that shows a code; the URL is returned to be shown as well. */
  'auth:startOob': { input: z.strictObject(ReadOnly).optional(), output: z.strictObject({ url: z.string() }) },
  'auth:completeOob': { input: z.strictObject({ code: SecretInput, ...Consent }), output: SessionInfo },
  'auth:pasteToken': { input: z.strictObject({ token: SecretInput, ...Consent }), output: SessionInfo },
  'auth:signOut': {
    input: z.strictObject({ discardOutbox: z.boolean() }),
    output: z.strictObject({ revoked: z.boolean(), message: LocalizedText })
  },
  'auth:setWikiToken': { input: z.strictObject({ token: SecretInput, ...Consent }), output: AuthStatus }
} as const

export const authEvents = {
  /** Signed in, signed out, or the service stopped accepting the token (with why). */
  'auth:changed': z.strictObject({ signedIn: z.boolean(), reason: LocalizedText.optional() })
} as const
