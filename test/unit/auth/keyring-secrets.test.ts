import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { folderSecrets } from '../../../src/main/core/auth/folder-secrets'
import { keyringSecrets } from '../../../src/main/core/auth/keyring-secrets'
import { SecretsUnavailable } from '../../../src/main/core/auth/secrets'
import { tempDir } from '../../support/temp-dir'
import { double } from '../../support/keyring-double.cjs'

/** The credential store through the stand-in of @napi-rs/keyring (test/support/keyring-double.cjs). */
const rejection = (p: Promise<unknown>): Promise<SecretsUnavailable> =>
  p.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: unknown) => e as SecretsUnavailable
  )

describe('secrets in the credential store', () => {
  afterEach(() => double.setState('open'))

  it('one entry per secret and data folder: another --data-dir never sees them, a link to the same folder does', async () => {
    const root = tempDir('onair-keyring-')
    const one = join(root, 'one')
    mkdirSync(one)
    symlinkSync(one, join(root, 'link'))
    await keyringSecrets(one).set('mediaAccessToken', { value: 'tok-one', origin: 'https://media.example' })
    const other = keyringSecrets(join(root, 'two'))
    await other.reload()
    expect(other.get('mediaAccessToken')).toBeUndefined()
    const linked = keyringSecrets(join(root, 'link'))
    await linked.reload()
    expect(linked.get('mediaAccessToken')).toEqual({ value: 'tok-one', origin: 'https://media.example' })
  })

  it('reading a folder that does not exist yet creates nothing, and finds what is saved once it does', async () => {
    const root = tempDir('onair-keyring-')
    const later = join(root, 'later', 'data')
    const reader = keyringSecrets(later)
    await reader.reload()
    expect(existsSync(join(root, 'later'))).toBe(false)
    mkdirSync(later, { recursive: true })
    await keyringSecrets(later).set('wikiToken', { value: 'wiki-later' })
    await reader.reload()
    expect(reader.get('wikiToken')).toEqual({ value: 'wiki-later' })
  })

  it('a change made by another process is seen at the next reload, not before', async () => {
    const dir = tempDir('onair-keyring-')
    const mine = keyringSecrets(dir)
    await mine.reload()
    await keyringSecrets(dir).set('wikiToken', { value: 'wiki-elsewhere' })
    expect(mine.get('wikiToken')).toBeUndefined()
    await mine.reload()
    expect(mine.get('wikiToken')).toEqual({ value: 'wiki-elsewhere' })
    await keyringSecrets(dir).delete('wikiToken')
    await mine.reload()
    expect(mine.get('wikiToken')).toBeUndefined()
  })

  it('no store reachable: a refusal that says what to do, in English and Japanese, and nothing kept', async () => {
    const dir = tempDir('onair-keyring-')
    double.setState('unreachable')
    const secrets = folderSecrets(dir, () => 'keyring')
    const e = await rejection(secrets.set('mediaAccessToken', { value: 'tok' }))
    expect(e).toBeInstanceOf(SecretsUnavailable)
    expect(e.trouble).toBe('unreachable')
    expect(e.userError.message.en).toContain('--insecure-storage')
    expect(e.userError.message.en).toContain('gnome-keyring-daemon')
    expect(e.userError.message.ja).toContain('--insecure-storage')
    expect(secrets.encryptionAvailable()).toBe(false)
    expect(secrets.describe().en).toContain('No credential store is reachable')
    expect(secrets.get('mediaAccessToken')).toBeUndefined()
  })

  it('a locked keyring is "not yet": what was read stays, and a write changes nothing', async () => {
    const dir = tempDir('onair-keyring-')
    const secrets = keyringSecrets(dir)
    await secrets.set('mediaAccessToken', { value: 'tok-kept' })
    double.setState('locked')
    const e = await rejection(secrets.reload())
    expect(e.trouble).toBe('locked')
    expect(e.userError.message.en).toMatch(/locked/)
    expect(e.userError.message.ja).toContain('ロック')
    expect(secrets.get('mediaAccessToken')).toEqual({ value: 'tok-kept' })
    expect((await rejection(secrets.set('mediaAccessToken', { value: 'tok-new' }))).trouble).toBe('locked')
    double.setState('open')
    await secrets.reload()
    expect(secrets.get('mediaAccessToken')).toEqual({ value: 'tok-kept' })
  })

  it('a store that does not answer in time counts as locked, not as signed out', async () => {
    double.setState('waiting')
    const secrets = keyringSecrets(tempDir('onair-keyring-'), { timeoutMs: 20 })
    expect((await rejection(secrets.reload())).trouble).toBe('locked')
  })

  it('the plain file is used once the folder’s settings say so, and the store is left alone', async () => {
    const dir = tempDir('onair-keyring-')
    let storage: 'keyring' | 'file' = 'keyring'
    const secrets = folderSecrets(dir, () => storage)
    await secrets.set('wikiToken', { value: 'in-keyring' })
    storage = 'file'
    await secrets.reload()
    expect(secrets.get('wikiToken')).toBeUndefined()
    await secrets.set('wikiToken', { value: 'in-file' })
    expect(secrets.describe().en).toContain('unencrypted')
    storage = 'keyring'
    await secrets.reload()
    expect(secrets.get('wikiToken')).toEqual({ value: 'in-keyring' })
  })
})
