import type { LocalizedText } from '../../../shared/locale'
import type { SecretsStorage } from '../../../shared/settings'
import { dataFile } from '../store/data-files'
import { fileSecrets } from './file-secrets'
import { keyringSecrets, type KeyringOptions } from './keyring-secrets'
import { SECRET_NAMES, SecretsUnavailable, hideValues, type Secrets } from './secrets'

/**
 * A data folder's secrets, for every face: the credential store unless the folder's settings say
 * the user chose the plain file (`secrets.storage`, settings.json, so the app, `onair` and
 * `onair run` agree and `onair doctor` shows it). Read at each use: a choice made in another face
 * applies at the next reload here.
 */
export interface FolderSecrets extends Secrets {
  storage(): SecretsStorage
  /** The values held now, for a log to keep out of its lines. */
  known(): string[]
}

export function folderSecrets(
  dataDir: string,
  storage: () => SecretsStorage,
  opts: KeyringOptions = {}
): FolderSecrets {
  const keyring = keyringSecrets(dataDir, opts)
  const file = fileSecrets(dataDir)
  /** Whether the credential store answered when last asked; unknown counts as yes. */
  let reachable = true
  const current = (): Secrets => (storage() === 'file' ? file : keyring)
  const noting = async <T>(store: Secrets, work: Promise<T>): Promise<T> => {
    try {
      const result = await work
      if (store === keyring) reachable = true
      return result
    } catch (e) {
      if (store === keyring && e instanceof SecretsUnavailable && e.trouble === 'unreachable') reachable = false
      throw e
    }
  }
  const secrets: FolderSecrets = {
    storage,
    known: () => SECRET_NAMES.flatMap((name) => current().get(name)?.value ?? []),
    get: (name) => current().get(name),
    set: (name, secret) => noting(current(), current().set(name, secret)),
    delete: (name) => noting(current(), current().delete(name)),
    reload: () => noting(current(), current().reload()),
    encryptionAvailable: () => storage() === 'keyring' && reachable,
    describe: () => {
      if (storage() === 'file') return file.describe()
      return reachable ? keyring.describe() : noStore(dataFile(dataDir, 'secrets'))
    }
  }
  return hideValues(secrets, `[Secrets ${dataDir}]`)
}

const noStore = (path: string): LocalizedText => ({
  en: `No credential store is reachable on this computer (no keyring found). If you agree, secrets are stored unencrypted in ${path}, readable only by your user account.`,
  ja: `このコンピューターでは資格情報ストアに接続できません（キーリングが見つかりません）。同意いただければ、${path} に暗号化せずに保存します（あなたのユーザーアカウントだけが読めます）。`
})
