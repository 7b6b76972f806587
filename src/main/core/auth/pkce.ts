import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The random values one authorization needs. The live service ignores PKCE, so the `state` check
 * is what actually protects the loopback flow; the challenge is sent anyway because it costs
 * nothing and protects us wherever it is honoured.
 */
export interface FlowSecrets {
  state: string
  codeVerifier: string
  codeChallenge: string
}

export function newFlowSecrets(): FlowSecrets {
  const codeVerifier = randomBytes(32).toString('base64url')
  return {
    state: randomBytes(24).toString('base64url'),
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url')
  }
}

/** Constant-time so the state cannot be guessed byte by byte from response timing. */
export function sameState(expected: string, received: string | null): boolean {
  if (received === null) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}
