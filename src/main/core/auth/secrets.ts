import type { LocalizedText } from '../../../shared/locale'
import { UserErrorException } from '../user-error'

/**
 * Where tokens and the client secret live at rest, the same for the app, `onair` and `onair run`:
 * the operating system's credential store (keyring-secrets.ts), or, where the user opted in, one
 * plain file readable only by them (file-secrets.ts); folder-secrets.ts picks one per data folder.
 *
 * `get` answers from this process's copy, read by `reload` (a command reloads once at its start;
 * the app and `onair run` reload when a request finds its token refused or missing, and at each
 * poll while signed out), so a request never waits for the store and another process's sign-in
 * or sign-out is seen at those moments. `set` and `delete` write through and settle once the store
 * has the change.
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

export interface Secrets {
  get(name: SecretName): StoredSecret | undefined
  set(name: SecretName, secret: StoredSecret): Promise<void>
  delete(name: SecretName): Promise<void>
  /** Reads every secret from the store again; rejects with SecretsUnavailable when it cannot. */
  reload(): Promise<void>
  /** False where secrets would be kept unencrypted: the window asks before the first `set`. */
  encryptionAvailable(): boolean
  /** How the secrets are protected, in words the user can judge. */
  describe(): LocalizedText
}

/**
 * The store cannot be used now. `unreachable`: there is none on this session (no D-Bus session
 * bus, no Secret Service on it): the user must start one or choose the plain file. `locked`: it is
 * there but locked, not created yet, or did not answer in time (waiting for the user at its unlock
 * prompt): "not yet", never "signed out".
 */
export type SecretsTrouble = 'unreachable' | 'locked'

export class SecretsUnavailable extends UserErrorException {
  constructor(
    readonly trouble: SecretsTrouble,
    readonly detail: string
  ) {
    super(trouble === 'locked' ? 'secrets-locked' : 'secrets-unreachable', SECRETS_TROUBLE[trouble])
    this.name = 'SecretsUnavailable'
  }
}

const SECRETS_TROUBLE: Record<SecretsTrouble, LocalizedText> = {
  unreachable: {
    en: 'No credential store is reachable (on Linux: no D-Bus session bus, or no Secret Service such as gnome-keyring or KeePassXC on it), so Onair has nowhere safe to keep your sign-in. Start a Secret Service in this session (for example: gnome-keyring-daemon --start --components=secrets), or keep secrets unencrypted in a file readable only by you: onair sign-in --insecure-storage (or onair config set secrets.storage file). The client secret and wiki token can also be given in ONAIR_CLIENT_SECRET and ONAIR_WIKI_TOKEN, which are never stored.',
    ja: '資格情報ストアに接続できません（Linux では D-Bus のセッションバスがないか、gnome-keyring や KeePassXC などの Secret Service が動いていません）。そのため、サインイン情報を安全に保存できません。このセッションで Secret Service を起動する（例: gnome-keyring-daemon --start --components=secrets）か、あなただけが読めるファイルに暗号化せずに保存してください: onair sign-in --insecure-storage（または onair config set secrets.storage file）。クライアントシークレットと Wiki のトークンは ONAIR_CLIENT_SECRET と ONAIR_WIKI_TOKEN でも渡せます（保存はされません）。'
  },
  locked: {
    en: 'The credential store is locked (or not set up yet, or waiting for you to unlock it), so Onair cannot read your sign-in yet. Unlock your keyring (log in to the desktop, or answer its unlock prompt) and try again.',
    ja: '資格情報ストアがロックされている（またはまだ作成されていない、ロック解除を待っている）ため、サインイン情報をまだ読めません。キーリングのロックを解除して（デスクトップにログインするか、ロック解除の画面に答えて）もう一度お試しください。'
  }
}

/** For tests and for a session that must not persist anything. */
export function memorySecrets(): Secrets {
  const values = new Map<SecretName, StoredSecret>()
  return {
    get: (name) => values.get(name),
    set: async (name, secret) => void values.set(name, { ...secret }),
    delete: async (name) => void values.delete(name),
    reload: async () => undefined,
    encryptionAvailable: () => false,
    describe: () => ({
      en: 'Kept in memory only; forgotten when Onair quits.',
      ja: 'メモリ上にのみ保持し、Onair の終了時に消去します。'
    })
  }
}

/** Values as one store keeps them: the value and its origin, as JSON text. */
export function encodeSecret({ value, origin }: StoredSecret): string {
  return JSON.stringify(origin === undefined ? { value } : { value, origin })
}

export function decodeSecret(text: string | null | undefined): StoredSecret | undefined {
  if (!text) return undefined
  try {
    const parsed = JSON.parse(text) as { value?: unknown; origin?: unknown }
    if (typeof parsed?.value !== 'string' || parsed.value === '') return undefined
    return typeof parsed.origin === 'string' ? { value: parsed.value, origin: parsed.origin } : { value: parsed.value }
  } catch {
    // Written by something else under our name: treated as absent, never sent anywhere.
    return undefined
  }
}

/** Never print values, even by accident (console.log of a deps object). */
export function hideValues<T extends object>(secrets: T, label: string): T {
  Object.defineProperty(secrets, Symbol.for('nodejs.util.inspect.custom'), { value: () => label })
  Object.defineProperty(secrets, 'toJSON', { value: () => label })
  return secrets
}
