import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { fileSecrets } from '../../../src/main/core/auth/file-secrets'
import { AuthError } from '../../../src/main/core/auth/errors'
import { sessionFileStore } from '../../../src/main/core/auth/session-store'
import { verifyWikiToken } from '../../../src/main/core/auth/wiki-token'
import { resolveConfig } from '../../../src/main/core/config'
import { testSession } from './helpers'
import { tempDir } from '../../support/temp-dir'
import { DATA_FILES, dataFile } from '../../../src/main/core/store/data-files'
import { documentBody } from '../../../src/main/core/store/document'

const failure = (p: Promise<unknown>): Promise<AuthError> =>
  p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as AuthError
  )

const dataDir = () => join(tempDir('onair-secrets-'), 'data')

describe('the plain file, where the user chose it', () => {
  it('keeps values in a 0600 file inside a 0700 folder, across instances, with no temp files left', async () => {
    const dir = dataDir()
    const a = fileSecrets(dir)
    await a.reload()
    expect(a.get('mediaAccessToken')).toBeUndefined()
    await a.set('mediaAccessToken', { value: 'tok-1', origin: 'https://media.example' })
    await a.set('wikiToken', { value: 'wiki-1' })
    expect(statSync(dataFile(dir, 'secrets')).mode & 0o777).toBe(0o600)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    // Beside the folder's database (whose write lock the file is written under), and no temp file.
    expect(readdirSync(dir)).toContain(DATA_FILES.secrets.name)
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([])
    const b = fileSecrets(dir)
    await b.reload()
    expect(b.get('mediaAccessToken')).toEqual({ value: 'tok-1', origin: 'https://media.example' })
    expect(b.get('wikiToken')).toEqual({ value: 'wiki-1' })
    await b.delete('mediaAccessToken')
    // The first instance sees the other's change once it reads again.
    await a.reload()
    expect(a.get('mediaAccessToken')).toBeUndefined()
    expect(a.get('wikiToken')).toEqual({ value: 'wiki-1' })
  })

  it('a damaged file reads as no secrets (sign in again), and the next save replaces it', async () => {
    const dir = dataDir()
    mkdirSync(dir, { recursive: true })
    writeFileSync(dataFile(dir, 'secrets'), '{"mediaAccessToken": ')
    const secrets = fileSecrets(dir)
    await secrets.reload()
    expect(secrets.get('mediaAccessToken')).toBeUndefined()
    await secrets.set('wikiToken', { value: 'wiki-2' })
    expect(JSON.parse(readFileSync(dataFile(dir, 'secrets'), 'utf8'))).toEqual({ wikiToken: '{"value":"wiki-2"}' })
  })

  it('says it is not encrypted, and where the file is', () => {
    const dir = dataDir()
    const s = fileSecrets(dir)
    expect(s.encryptionAvailable()).toBe(false)
    expect(s.describe().en).toContain(dataFile(dir, 'secrets'))
    expect(s.describe().en).toContain('unencrypted')
    expect(s.describe().ja).toContain(dataFile(dir, 'secrets'))
  })
})

describe('tokens never show up in logs or JSON', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  it('config: secrets are redacted in JSON, inspect, template strings and spreads', () => {
    const config = resolveConfig(
      { dataDir: '/tmp/x', mediaUrl: 'http://127.0.0.1:1/', wikiUrl: 'http://127.0.0.1:2/' },
      { ONAIR_CLIENT_SECRET: 'client-secret-value', ONAIR_WIKI_TOKEN: 'wiki-token-value' }
    )
    expect(config.clientSecret?.reveal()).toBe('client-secret-value')
    for (const shown of [
      JSON.stringify(config),
      inspect(config, { depth: 9 }),
      `${config.wikiToken}`,
      inspect({ ...config })
    ]) {
      expect(shown).not.toContain('client-secret-value')
      expect(shown).not.toContain('wiki-token-value')
    }
    expect(JSON.stringify(config)).toContain('"clientSecret":"[redacted]"')
  })

  it('session, secrets store, session file, errors and console output never carry the token', async () => {
    const dir = dataDir()
    const secrets = fileSecrets(dir)
    const store = sessionFileStore(dir)
    const logged: string[] = []
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi
        .spyOn(console, m)
        .mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => inspect(a)).join(' ')))
    )
    try {
      const t = testSession(emu, { store }, secrets)
      const info = await t.session.signInWithToken(emu.tokens.readWrite)
      const failure = await t.session
        .signInWithToken(`${emu.tokens.readWrite}-typo`)
        .catch((e: unknown) => e as AuthError)
      const token = emu.tokens.readWrite
      for (const shown of [
        JSON.stringify(info),
        inspect(t.session, { depth: 9, showHidden: true }),
        inspect(secrets, { depth: 9 }),
        JSON.stringify(secrets),
        documentBody(dir, 'session') ?? '',
        JSON.stringify(failure),
        inspect(failure, { depth: 9 }),
        ...logged
      ]) {
        expect(shown).not.toContain(token)
      }
      expect(JSON.parse(JSON.stringify(failure))).toEqual({ code: 'invalid_token', message: expect.any(Object) })
    } finally {
      for (const s of spies) s.mockRestore()
    }
  })
})

describe('verifyWikiToken', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  it('accepts a token the notifications endpoint accepts', async () => {
    await expect(verifyWikiToken(emu.baseUrl, emu.tokens.wiki)).resolves.toBeUndefined()
  })

  it('a rejected token is wiki_unauthorized with a bilingual explanation', async () => {
    const e = await failure(verifyWikiToken(emu.baseUrl, 'wrong'))
    expect(e).toBeInstanceOf(AuthError)
    expect(e.code).toBe('wiki_unauthorized')
    expect(e.userMessage.en).toContain('401')
    expect(e.userMessage.ja).toContain('401')
  })

  it('an unreachable service is wiki_unreachable, not a bad token', async () => {
    const closed = await startEmulator({ port: 0 })
    const url = closed.baseUrl
    await closed.close()
    const e = await failure(verifyWikiToken(url, emu.tokens.wiki))
    expect(e.code).toBe('wiki_unreachable')
    expect(e.userMessage.en).toContain('not saved')
  })
})
