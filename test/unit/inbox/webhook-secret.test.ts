import { describe, expect, it } from 'vitest'
import { keyringSecrets } from '../../../src/main/core/auth/keyring-secrets'
import {
  describeReplacedWebhookUrl,
  WEBHOOK_SECRET,
  webhookSecretFile
} from '../../../src/main/core/inbox/webhook-secret'
import type { CorruptFileReport } from '../../../src/main/core/store/database'
import { documentBody } from '../../../src/main/core/store/document'
import { databaseFile } from '../../../src/main/core/store/data-files'
import { saveDocumentBody, setAsideBodies } from '../../support/saved-documents'
import { tempDir } from '../../support/temp-dir'

/** The receiver's secret: in the folder's credential store (here its double), one for every face. */
const folder = () => tempDir('onair-hook-secret-')
const record = (dir: string) => documentBody(dir, 'webhook') ?? ''
/** A face's process: new objects over the same folder. */
const hook = (dir: string, face: 'app' | 'cli', onCorrupt?: (r: CorruptFileReport) => void) =>
  webhookSecretFile(dir, keyringSecrets(dir), face, onCorrupt)

describe('webhook secret', () => {
  it('lives in the credential store and survives restarts; the plain record holds no secret', async () => {
    const dir = folder()
    const first = await hook(dir, 'cli').get()
    expect(first).toEqual({ secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), replaced: false })
    expect(await hook(dir, 'cli').get()).toEqual(first)
    const secrets = keyringSecrets(dir)
    await secrets.reload()
    expect(secrets.get(WEBHOOK_SECRET)?.value).toBe(first.secret)
    expect(record(dir)).toContain('issuedTo')
    expect(record(dir)).not.toContain(first.secret)
  })

  it('the app and onair run hand out one URL: the secret one face made is the other’s', async () => {
    const dir = folder()
    const app = await hook(dir, 'app').get()
    expect(await hook(dir, 'cli').get()).toEqual(app)
  })

  it('a damaged webhook record is reported and changes nothing: same secret, no "register again"', async () => {
    const dir = folder()
    const { secret } = await hook(dir, 'cli').get()
    saveDocumentBody(dir, 'webhook', '{"issuedTo": [')
    const reports: CorruptFileReport[] = []
    expect(await hook(dir, 'cli', (r) => reports.push(r)).get()).toEqual({ secret, replaced: false })
    expect(reports.map((r) => r.path)).toEqual([`${databaseFile(dir)} (webhook)`])
    expect(setAsideBodies(dir, 'webhook')).toEqual(['{"issuedTo": ['])
  })

  it('a secret lost from the store means a new one, announced by every face that gave out a URL, once each', async () => {
    const dir = folder()
    const { secret } = await hook(dir, 'app').get()
    await hook(dir, 'cli').get()
    // The keyring was reset, or the entry deleted by hand.
    await keyringSecrets(dir).delete(WEBHOOK_SECRET)
    const next = await hook(dir, 'cli').get()
    expect(next.secret).not.toBe(secret)
    expect(next.replaced).toBe(true)
    // Not yet said (the receiver could not start, say): said at the next start.
    expect(await hook(dir, 'cli').get()).toEqual(next)
    hook(dir, 'cli').announced()
    expect(await hook(dir, 'cli').get()).toEqual({ secret: next.secret, replaced: false })
    // The app had handed out the old URL too: its user is told, once.
    expect(await hook(dir, 'app').get()).toEqual({ secret: next.secret, replaced: true })
    hook(dir, 'app').announced()
    expect((await hook(dir, 'app').get()).replaced).toBe(false)
  })

  it('a first URL is not a replacement, even when the other face already has one', async () => {
    const dir = folder()
    await hook(dir, 'app').get()
    expect((await hook(dir, 'cli').get()).replaced).toBe(false)
  })

  it('says what to do, with the new URL, in English and Japanese', () => {
    const url = 'http://127.0.0.1:4567/hook/abc'
    const text = describeReplacedWebhookUrl(url)
    expect(text.en).toMatch(/Register the new URL http:\/\/127\.0\.0\.1:4567\/hook\/abc with the wiki/)
    expect(text.ja).toContain(url)
    expect(text.ja).toContain('Wiki')
  })
})
