import { chmodSync, mkdirSync, readFileSync } from 'node:fs'
import { writeAtomic } from '../store/atomic-write'
import { dataFile } from '../store/data-files'
import { folderDatabase } from '../store/database'
import { ownFileStats } from '../store/own-file'
import {
  SECRET_NAMES,
  decodeSecret,
  encodeSecret,
  hideValues,
  type SecretName,
  type Secrets,
  type StoredSecret
} from './secrets'

/**
 * The store the user chose where no credential store is reachable (`onair sign-in
 * --insecure-storage`, `secrets.storage: file`, the window's consent): one JSON file readable only
 * by the user (0600, its folder 0700), beside the folder's database rather than in it, written
 * atomically under the database's write lock so the app and the commands never lose each other's
 * change. Not encrypted — the OS account is the protection,
 * as for ssh keys — and `describe()` says so.
 */
export function fileSecrets(dataDir: string): Secrets {
  const path = dataFile(dataDir, 'secrets')
  const values = new Map<SecretName, StoredSecret>()

  const readAll = (): Map<SecretName, StoredSecret> => {
    const all = new Map<SecretName, StoredSecret>()
    let doc: Record<string, unknown> = {}
    try {
      // Never through a link, never another user's file.
      if (ownFileStats(path)) doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    } catch (e) {
      // Damaged text reads as no secrets (sign in again); a refused read is the user's to fix.
      if (!(e instanceof SyntaxError)) throw e
    }
    for (const name of SECRET_NAMES) {
      const value = decodeSecret(typeof doc?.[name] === 'string' ? (doc[name] as string) : undefined)
      if (value) all.set(name, value)
    }
    return all
  }

  const change = (edit: (all: Map<SecretName, StoredSecret>) => void): void => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    // Only this folder is ours to tighten; a user-chosen parent is left as it is.
    chmodSync(dataDir, 0o700)
    // The folder database's write lock keeps two processes' changes from crossing.
    folderDatabase(dataDir).transaction(() => {
      const all = readAll()
      edit(all)
      const doc = Object.fromEntries([...all].map(([name, secret]) => [name, encodeSecret(secret)]))
      writeAtomic(path, `${JSON.stringify(doc, null, 1)}\n`, 0o600)
      values.clear()
      for (const [name, secret] of all) values.set(name, secret)
    })
  }

  const secrets: Secrets = {
    get: (name) => values.get(name),
    set: async (name, secret) => change((all) => void all.set(name, { ...secret })),
    async delete(name) {
      if (readAll().has(name)) change((all) => void all.delete(name))
      else values.delete(name)
    },
    async reload() {
      const all = readAll()
      values.clear()
      for (const [name, secret] of all) values.set(name, secret)
    },
    encryptionAvailable: () => false,
    describe: () => ({
      en: `Stored unencrypted in ${path}, readable only by your user account (you chose this where no credential store was reachable).`,
      ja: `${path} に暗号化せずに保存しています（あなたのユーザーアカウントだけが読めます。資格情報ストアに接続できなかったため、あなたが選択しました）。`
    })
  }
  return hideValues(secrets, `[Secrets file ${path}]`)
}
