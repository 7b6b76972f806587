import { randomBytes } from 'node:crypto'

/**
 * OAuth state of the emulator: the seeded client applications (registered "read write" and "read
 * only", as the service's application form offers), authorization codes, and access tokens.
 * Seeded values are constant so a developer can paste them between runs.
 */
export interface ClientApp {
  id: string
  secret: string
  redirectUris: string[]
  /** The scopes the application is registered with: Doorkeeper grants no other. */
  scopes: string[]
}

export interface TokenRow {
  token: string
  /** null for a client-credentials token, which belongs to no user. */
  userId: number | null
  scopes: string[]
  /** null for a personal access token, made on the service's settings page. */
  clientId: string | null
  createdAt: number
  revoked: boolean
}

export interface CodeRow {
  code: string
  clientId: string
  redirectUri: string
  scopes: string[]
  userId: number
  createdAt: number
  used: boolean
}

/** What an authorize page was asked for, kept server-side until Approve or Deny. */
export interface PendingAuth {
  clientId: string
  redirectUri: string
  scopes: string[]
  state: string | undefined
}

export const CODE_LIFETIME_MS = 10 * 60_000

const REDIRECT_URIS = ['http://127.0.0.1/callback', 'urn:ietf:wg:oauth:2.0:oob', 'http://localhost:8976/callback']

export const SEEDED_CLIENT: ClientApp = {
  id: 'onair-emulator-client-id',
  secret: 'onair-emulator-client-secret',
  redirectUris: REDIRECT_URIS,
  scopes: ['read', 'write']
}

export const SEEDED_READ_ONLY_CLIENT: ClientApp = {
  id: 'onair-emulator-read-only-client-id',
  secret: 'onair-emulator-read-only-client-secret',
  redirectUris: REDIRECT_URIS,
  scopes: ['read']
}

/**
 * User 1's seeded tokens are personal access tokens (no application), as a user pastes them: a
 * token of the seeded client would make every authorize of that client approve without asking.
 */
export const SEEDED_TOKENS = {
  readWrite: 'emu-token-user1-read-write',
  read: 'emu-token-user1-read',
  otherUser: 'emu-token-user2-read-write'
} as const

export class OAuthState {
  clients: ClientApp[] = [SEEDED_CLIENT, SEEDED_READ_ONLY_CLIENT].map((c) => ({
    ...c,
    redirectUris: [...c.redirectUris]
  }))
  tokens: TokenRow[] = []
  codes: CodeRow[] = []
  pending = new Map<string, PendingAuth>()

  constructor(now: number, userId: number, otherUserId: number) {
    const row = (token: string, user: number, scopes: string[], clientId: string | null): TokenRow => ({
      token,
      userId: user,
      scopes,
      clientId,
      createdAt: now,
      revoked: false
    })
    this.tokens.push(
      row(SEEDED_TOKENS.readWrite, userId, ['read', 'write'], null),
      row(SEEDED_TOKENS.read, userId, ['read'], null),
      row(SEEDED_TOKENS.otherUser, otherUserId, ['read', 'write'], SEEDED_CLIENT.id)
    )
  }

  client(id: string | undefined): ClientApp | undefined {
    return id === undefined ? undefined : this.clients.find((c) => c.id === id)
  }

  /**
   * Doorkeeper approves without asking when the user already holds a live token of this client
   * with exactly these scopes (authorizations_controller.rb `matching_token?`,
   * access_token_mixin.rb `scopes_match?`).
   */
  hasMatchingToken(clientId: string, userId: number, scopes: string[]): boolean {
    const want = [...scopes].sort().join(' ')
    return this.tokens.some(
      (t) => !t.revoked && t.clientId === clientId && t.userId === userId && [...t.scopes].sort().join(' ') === want
    )
  }

  /** A live token, or undefined when unknown or revoked. */
  token(value: string | undefined): TokenRow | undefined {
    if (!value) return undefined
    return this.tokens.find((t) => t.token === value && !t.revoked)
  }

  issueCode(row: Omit<CodeRow, 'code' | 'used'>): string {
    const code = randomBytes(16).toString('hex')
    this.codes.push({ ...row, code, used: false })
    return code
  }

  issueToken(userId: number | null, scopes: string[], clientId: string, now: number): TokenRow {
    const row = { token: randomBytes(24).toString('hex'), userId, scopes, clientId, createdAt: now, revoked: false }
    this.tokens.push(row)
    return row
  }

  addPending(p: PendingAuth): string {
    const id = randomBytes(8).toString('hex')
    this.pending.set(id, p)
    return id
  }
}
