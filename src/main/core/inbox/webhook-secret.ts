import type { LocalizedText } from '../../../shared/locale'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { memorySecrets, type Secrets } from '../auth/secrets'
import { folderDocument, memoryStore, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/**
 * The webhook receiver's secret, the path part of the URL the user registered in the wiki. It
 * lives in the folder's secrets store (the credential store, or the plain file the user chose),
 * one for the app and `onair run` alike: one secret, one URL.
 *
 * `inbox-webhook.json` keeps only what is not secret: which faces (the app, `onair run`) have
 * handed out a URL. So when the secret is nonetheless gone (the keyring reset, the entry deleted)
 * the new one is announced by each of them as a change the user must act on, not as a first URL.
 */
export const WEBHOOK_SECRET = 'webhookSecret' as const

const FACES = ['app', 'cli'] as const
export type Face = (typeof FACES)[number]

const SecretText = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/)

const WebhookDoc = z.object({
  /** Faces that have handed out a URL. */
  issuedTo: z.array(z.enum(FACES)).default([]),
  /** Faces whose user has not yet been told the new URL since the secret was replaced. */
  unannounced: z.array(z.enum(FACES)).default([])
})
type WebhookDoc = z.output<typeof WebhookDoc>

export interface WebhookSecretValue {
  secret: string
  /** A URL was handed out before and no longer works: the user must register the new one. */
  replaced: boolean
}

export interface WebhookSecret {
  /** Read from the store first, so a secret another face made is this one's too. */
  get(): Promise<WebhookSecretValue>
  /**
   * The user was shown the new URL. Until then every `get` says `replaced`, so a receiver that
   * could not start (a busy port) does not swallow the notice.
   */
  announced(): void
}

const withFace = (faces: readonly Face[], face: Face): Face[] => (faces.includes(face) ? [...faces] : [...faces, face])

export interface WebhookSecretDeps {
  secrets: Secrets
  face: Face
  /** The non-secret record of what was handed out (`inbox-webhook.json`). */
  record: DocumentStore<WebhookDoc>
  /** True once the record was found damaged: what it said about earlier URLs is unknown. */
  recordWasDamaged?: () => boolean
}

export function webhookSecret(deps: WebhookSecretDeps): WebhookSecret {
  const { secrets, face } = deps
  const own = (): string | undefined => {
    const value = secrets.get(WEBHOOK_SECRET)?.value
    return value !== undefined && SecretText.safeParse(value).success ? value : undefined
  }
  return {
    async get() {
      await secrets.reload()
      let secret = own()
      const made = secret === undefined
      if (secret === undefined) {
        secret = randomBytes(32).toString('base64url')
        await secrets.set(WEBHOOK_SECRET, { value: secret })
      }
      const doc = deps.record.update((doc): WebhookDoc => {
        // Every face that handed out the lost secret's URL has a user to tell.
        const handedOut = deps.recordWasDamaged?.() ? withFace(doc.issuedTo, face) : doc.issuedTo
        const unannounced = made ? handedOut.reduce(withFace, doc.unannounced) : doc.unannounced
        return { issuedTo: withFace(doc.issuedTo, face), unannounced }
      })
      return { secret, replaced: doc.unannounced.includes(face) }
    },
    announced() {
      if (!deps.record.read().unannounced.includes(face)) return
      deps.record.update((doc) => ({ ...doc, unannounced: doc.unannounced.filter((f) => f !== face) }))
    }
  }
}

/** The receiver's secret for one face over the data folder; a damaged record is reported. */
export function webhookSecretFile(
  dataDir: string,
  secrets: Secrets,
  face: Face,
  onCorrupt?: (r: CorruptFileReport) => void
): WebhookSecret {
  let damaged = false
  const record = folderDocument({
    dataDir,
    name: 'webhook',
    schema: WebhookDoc,
    defaults: () => WebhookDoc.parse({}),
    lossNote: {
      en: 'The webhook URL is unchanged: its secret is kept with your other secrets.',
      ja: 'Webhook の URL は変わりません（シークレットはほかの秘密情報と一緒に保存されています）。'
    },
    onCorrupt(r) {
      damaged = true
      onCorrupt?.(r)
    }
  })
  return webhookSecret({ secrets, face, record, recordWasDamaged: () => damaged })
}

export function memoryWebhookSecret(secrets: Secrets = memorySecrets(), face: Face = 'app'): WebhookSecret {
  return webhookSecret({ secrets, face, record: memoryStore(WebhookDoc.parse({})) })
}

/** What the user must do when the URL registered in the wiki stopped working. */
export function describeReplacedWebhookUrl(url: string): LocalizedText {
  return {
    en: `The webhook receiver's saved secret was lost, so its URL changed and the one registered in the wiki no longer works. Register the new URL ${url} with the wiki (the community's webhook settings), replacing the old one.`,
    ja: `Webhook の受信先の保存済みシークレットが失われたため URL が変わり、Wiki に登録した URL は使えなくなりました。新しい URL ${url} を Wiki（コミュニティの Webhook 設定）に登録し、古い URL と置き換えてください。`
  }
}
