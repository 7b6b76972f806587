import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { keyringSecrets } from '../../../src/main/core/auth/keyring-secrets'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { signedInEnv } from '../../support/signed-in-env'
import { runCliProcess, spawnCli } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'
import { saveDocumentBody } from '../../support/saved-documents'

/** Every secret Onair may hold, each a value no other text contains. */
const PLANTED = {
  storedClientSecret: 'stored-client-secret-7f3a9c1d2e',
  envClientSecret: 'env-client-secret-4b8e2a6f0c',
  envWikiToken: 'env-wiki-token-9d1c7e3b5a',
  wikiToken: 'stored-wiki-token-2c6a8e0f4d',
  webhookSecret: 'WebhookSecret_0123456789abcdefghijKLMN',
  feedSecret: 'FeedSecret_zyxwvutsrq9876543210ABCDEF',
  /** Found only by pattern: Onair never knew these values. */
  strayBearer: 'strayBearerValue123456',
  strayFeedPath: 'StrayFeedPathSecret_0000111122223333'
}

describe('`onair doctor` as a real process beside `onair run`', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('says who serves reminders, the last poll, the history and the last 50 log lines, and never a planted secret', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 2 })
    const root = tempDir('onair-doctor-')
    const dataDir = join(root, 'data')
    const env = await signedInEnv(emu, dataDir)
    const token = emu.tokens.readWrite
    const secrets = keyringSecrets(dataDir)
    await secrets.set('mediaClientSecret', { value: PLANTED.storedClientSecret })
    await secrets.set('wikiToken', { value: PLANTED.wikiToken })
    await secrets.set('webhookSecret', { value: PLANTED.webhookSecret })
    saveDocumentBody(dataDir, 'feed', JSON.stringify({ secret: PLANTED.feedSecret, port: 8123 }))
    // The app's log (Linux: logs/ in the data folder), every secret quoted in it as an error might.
    mkdirSync(join(dataDir, 'logs'))
    const quoted = [
      `GET /v1/me failed: Authorization: Bearer ${token}`,
      `token request client_secret=${PLANTED.storedClientSecret}&code=x`,
      `env secret ${PLANTED.envClientSecret} and wiki ${PLANTED.envWikiToken} / ${PLANTED.wikiToken}`,
      `webhook on http://127.0.0.1:9000/${PLANTED.webhookSecret}/`,
      `feed http://127.0.0.1:8123/${PLANTED.feedSecret}/onair.ics`,
      `session ${token} expired`,
      // Bare, where only the known values (not a pattern) can find them.
      `values ${PLANTED.storedClientSecret} ${PLANTED.webhookSecret} ${PLANTED.feedSecret}`,
      `stray Authorization: Bearer ${PLANTED.strayBearer} at http://127.0.0.1:7000/${PLANTED.strayFeedPath}/onair.ics`
    ]
    const log = [...Array.from({ length: 60 }, (_, i) => `2026-11-24T10:00:00.000Z INFO line ${i}`), ...quoted]
    writeFileSync(join(dataDir, 'logs', 'main.log'), `${log.join('\n')}\n`)

    const daemon = spawnCli(['run', '--json', '--lead', '0'], env)
    let out: string[]
    let ja: string[]
    try {
      await daemon.line((l) => l.includes('"type":"reminder"') && l.includes(`"programId":${SOON_PROGRAM_ID}`))
      const doctorEnv = {
        ...env,
        ONAIR_CLIENT_SECRET: PLANTED.envClientSecret,
        ONAIR_WIKI_TOKEN: PLANTED.envWikiToken,
        // A wiki token goes with the address it is for.
        ONAIR_WIKI_URL: 'https://wiki.example'
      }
      const en = await runCliProcess(['doctor'], doctorEnv)
      expect(en.code).toBe(0)
      out = en.stdout
      ja = (await runCliProcess(['doctor'], { ...doctorEnv, LANG: 'ja_JP.UTF-8' })).stdout
      expect(out.find((l) => l.startsWith('Reminders served by:'))).toContain(`onair run (pid ${daemon.child.pid} on `)
    } finally {
      daemon.child.kill('SIGINT')
      expect(await daemon.code).toBe(0)
    }
    const text = out.join('\n')
    expect(text).toMatch(/^Onair diagnostics \(/)
    expect(text).toMatch(/Versions: onair \d+\.\d+\.\d+[^,]*, node \d+/)
    expect(text).toContain(`Data folder: ${dataDir}`)
    expect(text).toMatch(/Last poll: \d{4}-\d\d-\d\dT/)
    expect(text).toMatch(/Reminders, last 24 h: (.*, )?Shown 1/)
    expect(text).toContain('Outbox: empty')
    const logShown = out.slice(out.findIndex((l) => l.startsWith('Last log lines')) + 1)
    expect(logShown).toHaveLength(50)
    expect(logShown[0]).toBe(`  2026-11-24T10:00:00.000Z INFO line ${log.length - 50}`)
    for (const value of [token, ...Object.values(PLANTED)]) {
      expect(text, value).not.toContain(value)
      expect(ja.join('\n'), value).not.toContain(value)
    }
    expect(logShown.at(-1)).toBe(
      '  stray Authorization: Bearer [redacted] at http://127.0.0.1:7000/[redacted]/onair.ics'
    )
    expect(ja[0]).toMatch(/^Onair 診断情報/)
  }, 30_000)
})
