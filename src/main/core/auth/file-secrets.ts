import { chmodSync, mkdirSync } from 'node:fs'
import { inspect } from 'node:util'
import { z } from 'zod'
import { folderDocument } from '../store/document'
import type { CorruptFileReport } from '../store/database'
import { SECRET_NAMES, SECRETS_LOST, type SecretName, type Secrets } from './secrets'
import { dataFile } from '../store/data-files'

/** A bare string is how the file kept a secret before origins were kept: bound to none. */
const Entry = z.union([
  z
    .string()
    .min(1)
    .transform((value) => ({ value })),
  z.object({ value: z.string().min(1), origin: z.string().optional() })
])
const Schema = z.partialRecord(z.enum(SECRET_NAMES), Entry)

/** Either store's document (this one, the app's encrypted one), its loss explained. */
export function secretsDocument<S extends z.ZodType>(
  dataDir: string,
  name: 'secrets' | 'encryptedSecrets',
  schema: S,
  onCorrupt?: (r: CorruptFileReport) => void
) {
  return folderDocument({ dataDir, name, schema, defaults: () => schema.parse({}), onCorrupt, lossNote: SECRETS_LOST })
}

/**
 * The headless store: one JSON file readable only by the user (0600, its folder 0700), written
 * atomically. Not encrypted — the OS account is the protection, as for ssh keys — and `describe()`
 * says so, so the CLI can tell the user.
 */
export function fileSecrets(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): Secrets {
  const path = dataFile(dataDir, 'database')
  const ensureDir = () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    // Only this folder is ours to tighten; a user-chosen parent is left as it is.
    chmodSync(dataDir, 0o700)
  }
  const store = secretsDocument(dataDir, 'secrets', Schema, onCorrupt)
  const secrets: Secrets = {
    get: (name: SecretName) => store.read()[name],
    set(name, secret) {
      ensureDir()
      store.update((all) => ({ ...all, [name]: { ...secret } }))
    },
    delete(name) {
      if (store.read()[name] === undefined) return
      store.update(({ [name]: _gone, ...rest }) => rest)
    },
    encryptionAvailable: () => false,
    describe: () => ({
      en: `Stored unencrypted in ${path}, readable only by your user account.`,
      ja: `${path} に暗号化せずに保存します（あなたのユーザーアカウントだけが読めます）。`
    })
  }
  Object.defineProperty(secrets, inspect.custom, { value: () => `[Secrets file ${path}]` })
  Object.defineProperty(secrets, 'toJSON', { value: () => `[Secrets file ${path}]` })
  return secrets
}
