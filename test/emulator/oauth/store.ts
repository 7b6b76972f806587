import { randomBytes } from 'node:crypto'

/**
 * OAuth state of the emulator: the one seeded client application, authorization codes, and access
 * tokens. Seeded values are constant so a developer can paste them between runs.
 */
export interface ClientApp {
  id: string
  secret: string
  redirectUris: string[]
}

export interface TokenRow {
  token: string
  userId: number
  scopes: string[]
  clientId: string
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

export const SEEDED_CLIENT: ClientApp = {
  id: 'onair-emulator-client-id',
  secret: 'onair-emulator-client-secret',
  redirectUris: ['http://127.0.0.1/callback', 'urn:ietf:wg:oauth:2.0:oob', 'http://localhost:8976/callback']
}

export const SEEDED_TOKENS = {
  readWrite: 'emu-token-user1-read-write',
  read: 'emu-token-user1-read',
  otherUser: 'emu-token-user2-read-write'
} as const

export class OAuthState {
  clients: ClientApp[] = [{ ...SEEDED_CLIENT, redirectUris: [...SEEDED_CLIENT.redirectUris] }]
  tokens: TokenRow[] = []
  codes: CodeRow[] = []
  pending = new Map<string, PendingAuth>()

  constructor(now: number, userId: number, otherUserId: number) {
    const clientId = SEEDED_CLIENT.id
    this.tokens.push(
      { token: SEEDED_TOKENS.readWrite, userId, scopes: ['read', 'write'], clientId, createdAt: now, revoked: false },
      { token: SEEDED_TOKENS.read, userId, scopes: ['read'], clientId, createdAt: now, revoked: false },
      {
        token: SEEDED_TOKENS.otherUser,
        userId: otherUserId,
        scopes: ['read', 'write'],
        clientId,
        createdAt: now,
        revoked: false
      }
    )
  }

  client(id: string | undefined): ClientApp | undefined {
    return id === undefined ? undefined : this.clients.find((c) => c.id === id)
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

  issueToken(userId: number, scopes: string[], clientId: string, now: number): TokenRow {
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
