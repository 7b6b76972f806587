import type { LocalizedText } from '../../../shared/locale'

/**
 * Where tokens and the client secret live at rest. Core only sees this interface: the headless
 * file store is in `file-secrets.ts`; the app's implementation (Electron `safeStorage`, written in
 * the shell) encrypts each value and keeps the ciphertext wherever it likes.
 *
 * Synchronous on purpose: `safeStorage` is synchronous, and a request reads its token at the
 * moment it is sent.
 *
 * Where `encryptionAvailable()` is false (the file store; Linux without a keyring), the UI must say
 * so with `describe()` and ask the user before the first `set`.
 */
export const SECRET_NAMES = ['mediaAccessToken', 'mediaClientSecret', 'wikiToken', 'webhookSecret'] as const
export type SecretName = (typeof SECRET_NAMES)[number]

/**
 * A stored secret. Those a service gave (tokens, the client secret) keep the origin of the address
 * they were given for, and are handed out only through `bound-secrets.ts`, which sends each one
 * to that origin alone; Onair's own webhook secret has none.
 */
export interface StoredSecret {
  value: string
  origin?: string
}

/** What a damaged secrets file (either store) means to the user: see describeCorruptFile. */
export const SECRETS_LOST: LocalizedText = {
  en: 'Saved tokens were in it: sign in again, and enter the wiki token and client secret again if you use them.',
  ja: '保存していたトークンが含まれていました。もう一度サインインし、使っている場合は Wiki のトークンとクライアントシークレットも入力し直してください。'
}

export interface Secrets {
  get(name: SecretName): StoredSecret | undefined
  set(name: SecretName, secret: StoredSecret): void
  delete(name: SecretName): void
  encryptionAvailable(): boolean
  /** How the secrets are protected, in words the user can judge. */
  describe(): LocalizedText
}

/** For tests and for a session that must not persist anything. */
export function memorySecrets(): Secrets {
  const values = new Map<SecretName, StoredSecret>()
  return {
    get: (name) => values.get(name),
    set: (name, secret) => void values.set(name, { ...secret }),
    delete: (name) => void values.delete(name),
    encryptionAvailable: () => false,
    describe: () => ({
      en: 'Kept in memory only; forgotten when Onair quits.',
      ja: 'メモリ上にのみ保持し、Onair の終了時に消去します。'
    })
  }
}
