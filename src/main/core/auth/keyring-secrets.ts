import { realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { AsyncEntry } from '@napi-rs/keyring'
import type { LocalizedText } from '../../../shared/locale'
import {
  SECRET_NAMES,
  SecretsUnavailable,
  decodeSecret,
  encodeSecret,
  hideValues,
  type SecretName,
  type Secrets,
  type StoredSecret
} from './secrets'

/**
 * The operating system's credential store, through @napi-rs/keyring: the macOS Keychain, the
 * Windows Credential Manager, the freedesktop Secret Service on Linux (gnome-keyring, KWallet,
 * KeePassXC). On Linux the entry is pinned to the Secret Service: the library's fallback, the
 * kernel keyring, forgets everything at reboot, so a sign-in would silently vanish.
 *
 * One entry per secret, its service `onair:<the data folder's real path>` and its account the
 * secret's name, so two `--data-dir` folders (or a link to one) never share or split a sign-in;
 * the value is `{"value","origin"}` as JSON. Only the async API is used: it runs on the library's
 * thread pool, so the app's main thread never waits for a keyring (an unlock prompt at login), and
 * each call gives up after `timeoutMs`.
 */
export const KEYRING_TIMEOUT_MS = 20_000

export interface KeyringOptions {
  timeoutMs?: number
}

type Keyring = typeof import('@napi-rs/keyring')

/** Loaded at the first use: a command that never reads a secret loads no native module. */
let library: Promise<Keyring> | undefined
const keyring = (): Promise<Keyring> => (library ??= import('@napi-rs/keyring'))

export function keyringService(dataDir: string): string {
  return `onair:${realFolder(resolve(dataDir))}`
}

/** The folder's real path, links resolved, whether or not it exists yet (a read creates nothing). */
function realFolder(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    const parent = dirname(path)
    return parent === path ? path : join(realFolder(parent), basename(path))
  }
}

export function keyringSecrets(dataDir: string, opts: KeyringOptions = {}): Secrets {
  const timeoutMs = opts.timeoutMs ?? KEYRING_TIMEOUT_MS
  const values = new Map<SecretName, StoredSecret>()
  let service: string | undefined

  async function call<T>(name: SecretName, op: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      service ??= keyringService(dataDir)
      const { AsyncEntry } = await keyring()
      // Throws at once where there is no store at all (no session bus, no Secret Service).
      const entry = new AsyncEntry(service, name, { linux: { store: 'secret-service' } })
      return await op(entry, AbortSignal.timeout(timeoutMs))
    } catch (e) {
      throw troubleOf(e)
    }
  }

  const secrets: Secrets = {
    get: (name) => values.get(name),
    async set(name, secret) {
      await call(name, (entry, signal) => entry.setPassword(encodeSecret(secret), signal))
      values.set(name, { ...secret })
    },
    async delete(name) {
      await call(name, (entry, signal) => entry.deleteCredential(signal))
      values.delete(name)
    },
    async reload() {
      const read = await Promise.all(
        SECRET_NAMES.map(async (name) => [name, decodeSecret(await call(name, (e, s) => e.getPassword(s)))] as const)
      )
      values.clear()
      for (const [name, value] of read) if (value) values.set(name, value)
    },
    encryptionAvailable: () => true,
    describe: () => KEPT_IN_KEYRING
  }
  return hideValues(secrets, `[Secrets keyring ${dataDir}]`)
}

const KEPT_IN_KEYRING: LocalizedText = {
  en: 'Kept in your operating system’s credential store (Keychain, Credential Manager or the Secret Service), shared by the app and the onair command.',
  ja: 'オペレーティングシステムの資格情報ストア（キーチェーン、資格情報マネージャー、Secret Service）に保存し、アプリと onair コマンドで共有します。'
}

/**
 * The library's errors by kind (keyring-rs: PlatformFailure, NoStorageAccess): a platform that
 * cannot be reached at all is `unreachable`; one that refused access (locked, its unlock prompt
 * dismissed, no collection created yet: "no result found") or did not answer in time is `locked`.
 */
export function troubleOf(e: unknown): SecretsUnavailable {
  if (e instanceof SecretsUnavailable) return e
  const err = e as { name?: string; message?: string }
  const message = String(err?.message ?? e)
  if (err?.name === 'AbortError' || err?.name === 'TimeoutError' || /abort/i.test(message))
    return new SecretsUnavailable('locked', `no answer: ${message}`)
  if (/access platform storage/i.test(message)) return new SecretsUnavailable('locked', message)
  return new SecretsUnavailable('unreachable', message)
}
