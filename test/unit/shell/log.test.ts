import { readFileSync, statSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { openAppLog } from '../../../src/main/shell/log'
import { tempDir } from '../../support/temp-dir'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** The log file is for people (Settings → Open log, Copy diagnostics). */
let umask: number
beforeEach(() => {
  // The worst case: files made without any umask protection.
  umask = process.umask(0)
  vi.spyOn(console, 'log').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  process.umask(umask)
  vi.restoreAllMocks()
})

const mode = (path: string) => statSync(path).mode & 0o777

describe('the app log', () => {
  it('keeps its folder 0700 and its file 0600 under umask 000, and tightens an older file', () => {
    const folder = join(tempDir('onair-log-'), 'logs')
    openAppLog(new ManualClock(0), folder).write('info', 'first line')
    expect([mode(folder), mode(join(folder, 'main.log'))]).toEqual([0o700, 0o600])

    const older = tempDir('onair-log-old-')
    mkdirSync(older, { recursive: true })
    writeFileSync(join(older, 'main.log'), 'from before\n', { mode: 0o666 })
    chmodSync(older, 0o777)
    openAppLog(new ManualClock(0), older).write('info', 'second line')
    expect([mode(older), mode(join(older, 'main.log'))]).toEqual([0o700, 0o600])
  })

  it('writes no secret of any kind, planted where each one shows up', () => {
    const folder = tempDir('onair-log-secrets-')
    const log = openAppLog(new ManualClock(0), folder)
    const stored = ['stored-access-token-0001', 'stored-wiki-token-0002', 'stored-client-secret-0003']
    log.knowSecrets(() => [...stored, undefined])
    const planted = [
      // Access and wiki tokens: in a header, in JSON, and bare (known from the secrets store).
      ['warn', 'request failed', { headers: { authorization: 'Bearer header-token-1111' } }],
      ['warn', 'token response {"access_token":"json-token-2222","token_type":"bearer"}'],
      ['error', 'the service refused stored-access-token-0001 and stored-wiki-token-0002'],
      ['error', 'sign-in failed', new Error('bad stored-client-secret-0003')],
      // The client secret and the OAuth code in a token request's form, the code in the callback.
      [
        'error',
        'POST /oauth/token client_id=abc&client_secret=form-secret-3333&code=form-code-4444&code_verifier=verifier-5555'
      ],
      ['warn', 'callback GET /callback?code=callback-code-6666&state=s'],
      // The webhook receiver's and the calendar feed's secret paths, as URLs and as request lines.
      ['warn', 'webhook at http://127.0.0.1:4567/hooks/webhook-path-7777'],
      ['warn', 'refused POST /hooks/webhook-line-8888 (bad signature)'],
      ['info', 'feed http://127.0.0.1:5555/feed-path-9999/onair.ics'],
      ['info', 'GET /feed-line-0000/onair.ics 200']
    ] as const
    for (const [level, message, detail] of planted) log.write(level, message, detail)
    const text = readFileSync(join(folder, 'main.log'), 'utf8')
    for (const secret of [
      ...stored,
      'header-token-1111',
      'json-token-2222',
      'form-secret-3333',
      'form-code-4444',
      'verifier-5555',
      'callback-code-6666',
      'webhook-path-7777',
      'webhook-line-8888',
      'feed-path-9999',
      'feed-line-0000'
    ])
      expect(text).not.toContain(secret)
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(14)
    // What helps to understand a failure stays.
    log.write('error', "renderer gone (crashed, exit code 133) { code: 'ENOENT' }")
    expect(readFileSync(join(folder, 'main.log'), 'utf8')).toContain("exit code 133) { code: 'ENOENT' }")
  })
})
