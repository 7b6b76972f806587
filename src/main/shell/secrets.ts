import { inspect } from 'node:util'
import { safeStorage } from 'electron'
import { z } from 'zod'
import { secretsDocument } from '../core/auth/file-secrets'
import { SECRET_NAMES, type SecretName, type Secrets, type StoredSecret } from '../core/auth/secrets'
import type { CorruptFileReport } from '../core/store/database'
import { dataFile } from '../core/store/data-files'

/** `origin`: see StoredSecret; kept beside the ciphertext (an address is not secret). */
const Entry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('safeStorage'), data: z.string(), origin: z.string().optional() }),
  z.object({ kind: z.literal('plain'), data: z.string(), origin: z.string().optional() })
])
const Schema = z.partialRecord(z.enum(SECRET_NAMES), Entry)

function reallyEncrypted(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'
}

/**
 * The app's Secrets: each value encrypted with `safeStorage` (Keychain, DPAPI, the Secret Service
 * or KWallet), the ciphertext base64 in one 0600 file in userData, written atomically.
 *
 * Where the OS offers no real encryption (no `safeStorage`, or Linux's `basic_text` backend, which
 * only obfuscates with a fixed key) `encryptionAvailable()` is false; the IPC layer then refuses to
 * store anything until the user consents, and consented values are kept as plain text in the same
 * 0600 file, marked as such so a later keyring does not try to decrypt them.
 */
export function electronSecrets(
  userData: string,
  onCorrupt?: (r: CorruptFileReport) => void
): Secrets & { known(): readonly string[] } {
  const path = dataFile(userData, 'database')
  const store = secretsDocument(userData, 'encryptedSecrets', Schema, onCorrupt)
  // What this run has held in plain text: only those can reach a log line. Asking the keyring for
  // the rest at each line would block the main thread (a keyring prompt at login) for nothing.
  const known = new Set<string>()
  const held = (value: string): string => (known.add(value), value)

  const secrets = {
    known: () => [...known],
    get(name: SecretName) {
      const entry = store.read()[name]
      if (!entry) return undefined
      const origin = entry.origin === undefined ? {} : { origin: entry.origin }
      if (entry.kind === 'plain') return { value: held(entry.data), ...origin }
      try {
        return { value: held(safeStorage.decryptString(Buffer.from(entry.data, 'base64'))), ...origin }
      } catch {
        // The keyring changed or was reset: the value is lost, which reads as "sign in again".
        return undefined
      }
    },
    set(name: SecretName, { value, origin }: StoredSecret) {
      held(value)
      const entry = reallyEncrypted()
        ? { kind: 'safeStorage' as const, data: safeStorage.encryptString(value).toString('base64'), origin }
        : { kind: 'plain' as const, data: value, origin }
      store.update((all) => ({ ...all, [name]: entry }))
    },
    delete(name: SecretName) {
      if (store.read()[name] === undefined) return
      store.update(({ [name]: _gone, ...rest }) => rest)
    },
    encryptionAvailable: reallyEncrypted,
    describe: () =>
      reallyEncrypted()
        ? {
            en: 'Encrypted with your operating system’s credential store.',
            ja: 'オペレーティングシステムの資格情報ストアで暗号化して保存します。'
          }
        : {
            en: `This computer offers no encryption for saved secrets (no keyring found). If you agree, they are stored unencrypted in ${path}, readable only by your user account.`,
            ja: `このコンピューターでは保存する秘密情報を暗号化できません（キーリングが見つかりません）。同意いただければ、${path} に暗号化せずに保存します（あなたのユーザーアカウントだけが読めます）。`
          }
  }
  // Never print values, even by accident (console.log of a deps object).
  Object.defineProperty(secrets, inspect.custom, { value: () => `[Secrets ${path}]` })
  Object.defineProperty(secrets, 'toJSON', { value: () => `[Secrets ${path}]` })
  return secrets
}
