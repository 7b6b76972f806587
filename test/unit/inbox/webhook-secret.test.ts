import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileSecrets } from '../../../src/main/core/auth/file-secrets'
import {
  describeReplacedWebhookUrl,
  WEBHOOK_SECRET,
  webhookSecretFile
} from '../../../src/main/core/inbox/webhook-secret'
import type { CorruptFileReport } from '../../../src/main/core/store/database'
import { tempDir } from '../../support/temp-dir'
import { databaseFile } from '../../../src/main/core/store/data-files'
import { documentBody } from '../../../src/main/core/store/document'
import { saveDocumentBody, setAsideBodies } from '../../support/saved-documents'

/** Issue 16, part 2: the receiver's secret kept where a damaged cache file cannot take it away. */
const folder = () => tempDir('onair-hook-secret-')
const record = (dir: string) => documentBody(dir, 'webhook') ?? ''

describe('webhook secret', () => {
  it('lives in the secrets store and survives restarts; the plain record holds no secret', () => {
    const dir = folder()
    const first = webhookSecretFile(dir, fileSecrets(dir), 'cli').get()
    expect(first).toEqual({ secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), replaced: false })
    // A new process: new objects over the same folder.
    expect(webhookSecretFile(dir, fileSecrets(dir), 'cli').get()).toEqual(first)
    expect(fileSecrets(dir).get(WEBHOOK_SECRET)?.value).toBe(first.secret)
    expect(record(dir)).not.toContain(first.secret)
  })

  it('a damaged webhook record is reported and changes nothing: same secret, no "register again"', () => {
    const dir = folder()
    const { secret } = webhookSecretFile(dir, fileSecrets(dir), 'cli').get()
    saveDocumentBody(dir, 'webhook', '{"issuedTo": [')
    const reports: CorruptFileReport[] = []
    const again = webhookSecretFile(dir, fileSecrets(dir), 'cli', (r) => reports.push(r)).get()
    expect(again).toEqual({ secret, replaced: false })
    expect(reports.map((r) => r.path)).toEqual([`${databaseFile(dir)} (webhook)`])
    expect(setAsideBodies(dir, 'webhook')).toEqual(['{"issuedTo": ['])
  })

  it('an earlier version’s secret is taken over by both faces (same URL), then the plain copy goes', () => {
    const dir = folder()
    const legacy = 'L'.repeat(43)
    saveDocumentBody(dir, 'webhook', JSON.stringify({ secret: legacy }))
    const app = fileSecrets(join(dir, 'app-store'))
    expect(webhookSecretFile(dir, app, 'app').get()).toEqual({ secret: legacy, replaced: false })
    // `onair run` has not taken it yet: the plain copy stays for it.
    expect(record(dir)).toContain(legacy)
    expect(webhookSecretFile(dir, fileSecrets(dir), 'cli').get()).toEqual({ secret: legacy, replaced: false })
    expect(record(dir)).not.toContain(legacy)
    // Both keep it from their own store from now on.
    expect(webhookSecretFile(dir, app, 'app').get().secret).toBe(legacy)
    expect(webhookSecretFile(dir, fileSecrets(dir), 'cli').get().secret).toBe(legacy)
  })

  it('a lost secrets file means a new secret, announced until the user was told, then never again', () => {
    const dir = folder()
    const { secret } = webhookSecretFile(dir, fileSecrets(dir), 'cli').get()
    saveDocumentBody(dir, 'secrets', 'garbage')
    const reports: CorruptFileReport[] = []
    const hook = () =>
      webhookSecretFile(
        dir,
        fileSecrets(dir, (r) => reports.push(r)),
        'cli'
      )
    const next = hook().get()
    expect(next.secret).not.toBe(secret)
    expect(next.replaced).toBe(true)
    expect(reports.map((r) => r.path)).toEqual([`${databaseFile(dir)} (secrets)`])
    // Not yet said (the receiver could not start, say): said at the next start.
    expect(hook().get()).toEqual(next)
    hook().announced()
    expect(hook().get()).toEqual({ secret: next.secret, replaced: false })
  })

  it('the old file damaged before its secret was taken over: a new secret, and the user is told', () => {
    const dir = folder()
    saveDocumentBody(dir, 'webhook', '{"secret": "abc')
    const reports: CorruptFileReport[] = []
    const got = webhookSecretFile(dir, fileSecrets(dir), 'app', (r) => reports.push(r)).get()
    expect(got.replaced).toBe(true)
    expect(reports).toHaveLength(1)
    expect(setAsideBodies(dir, 'webhook')).toEqual(['{"secret": "abc'])
  })

  it('a first URL is not a replacement, even when the other face already has one', () => {
    const dir = folder()
    webhookSecretFile(dir, fileSecrets(join(dir, 'app-store')), 'app').get()
    expect(webhookSecretFile(dir, fileSecrets(dir), 'cli').get().replaced).toBe(false)
  })

  it('says what to do, with the new URL, in English and Japanese', () => {
    const url = 'http://127.0.0.1:4567/hook/abc'
    const text = describeReplacedWebhookUrl(url)
    expect(text.en).toMatch(/Register the new URL http:\/\/127\.0\.0\.1:4567\/hook\/abc with the wiki/)
    expect(text.ja).toContain(url)
    expect(text.ja).toContain('Wiki')
  })
})
