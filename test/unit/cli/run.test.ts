import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { parseLead, runDaemon } from '../../../src/main/cli/commands/run'
import { resolveConfig } from '../../../src/main/core/config'
import type { CommandContext } from '../../../src/main/cli/command'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { fakeIo, type FakeIo } from './fake-io'

const BIN = resolve(import.meta.dirname, '../../../bin/onair.js')

async function signedInEnv(emu: Emulator): Promise<Record<string, string>> {
  const env = {
    ONAIR_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'onair-run-')), 'data'),
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret
  }
  expect(await runCli(['sign-in', '--token', emu.tokens.readWrite], fakeIo(env))).toBe(0)
  return env
}

function context(io: FakeIo, flags: CommandContext['flags']): CommandContext {
  return { io, config: resolveConfig({}, io.env), locale: 'en', t: (x) => x.en, flags, positionals: [] }
}

describe('onair run', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it("end to end: the real binary prints the soon program's reminder at its start, exactly shaped, and exits 0 on SIGINT", async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const env = await signedInEnv(emu)
    const startedAt = new Date(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.startedAt).toISOString()
    const child = spawn(process.execPath, [BIN, 'run', '--json', '--lead', '0'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const exited = new Promise<number | null>((res) => child.on('close', (code) => res(code)))
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    const lines: Record<string, unknown>[] = []
    const reminder = await new Promise<Record<string, unknown>>((res, rej) => {
      const timer = setTimeout(
        () => rej(new Error(`no reminder; stdout: ${JSON.stringify(lines)} stderr: ${stderr}`)),
        10_000
      )
      createInterface({ input: child.stdout }).on('line', (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>
        lines.push(parsed)
        if (parsed.type === 'reminder' && parsed.programId === SOON_PROGRAM_ID) {
          clearTimeout(timer)
          res(parsed)
        }
      })
    })
    expect(Object.keys(reminder)).toEqual(['type', 'programId', 'offsetMinutes', 'startedAt', 'firedAt'])
    expect(reminder).toMatchObject({ type: 'reminder', programId: SOON_PROGRAM_ID, offsetMinutes: 0, startedAt })
    const late = Date.parse(reminder.firedAt as string) - Date.parse(startedAt)
    expect(late).toBeGreaterThanOrEqual(0)
    expect(late).toBeLessThan(1000)
    // Before it, the poll that found it; every line has a type.
    expect(lines[0]).toMatchObject({ type: 'poll', state: 'ok' })
    expect(lines.every((l) => typeof l.type === 'string')).toBe(true)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  }, 20_000)

  it('in process: a poll line, then a clean stop; the poll failing is an error line, not an exit', async () => {
    emu = await startEmulator({ port: 0 })
    const env = await signedInEnv(emu)
    let stop!: () => void
    const io = fakeIo(env)
    const done = runDaemon(context(io, { json: true }), new Promise<void>((res) => (stop = res)))
    await vi.waitFor(() => expect(io.stdout.length).toBeGreaterThan(0))
    expect(JSON.parse(io.stdout[0]!)).toMatchObject({ type: 'poll', state: 'ok', pages: 1, complete: true })
    stop()
    expect(await done).toBe(0)

    emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 1 })
    const offline = fakeIo(env)
    let stop2!: () => void
    const done2 = runDaemon(context(offline, { json: true }), new Promise<void>((res) => (stop2 = res)))
    await vi.waitFor(() => expect(offline.stdout.length).toBeGreaterThan(0), { timeout: 5000 })
    expect(JSON.parse(offline.stdout[0]!)).toMatchObject({
      type: 'error',
      state: 'error',
      kind: 'bad_response',
      message: expect.stringContaining('cannot read'),
      retryAt: null
    })
    stop2()
    expect(await done2).toBe(0)
  })

  it('with --webhook: prints the URL to register, then each pushed wiki event as an event line', async () => {
    emu = await startEmulator({ port: 0 })
    const env = { ...(await signedInEnv(emu)), ONAIR_WIKI_URL: emu.baseUrl, ONAIR_WIKI_TOKEN: emu.tokens.wiki }
    const io = fakeIo(env)
    let stop!: () => void
    const done = runDaemon(context(io, { json: true, webhook: '0' }), new Promise<void>((res) => (stop = res)))
    const lines = () => io.stdout.map((l) => JSON.parse(l) as Record<string, unknown>)
    await vi.waitFor(() => expect(lines().some((l) => l.type === 'webhook')).toBe(true), { timeout: 5000 })
    const url = lines().find((l) => l.type === 'webhook')!.url as string
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[A-Za-z0-9_-]{32,}$/)
    const sent = await emu.wiki.sendWebhook(url, emu.wiki.webhookEvent('article_created'))
    expect(sent.status).toBeGreaterThanOrEqual(200)
    expect(sent.status).toBeLessThan(300)
    await vi.waitFor(() => expect(lines().some((l) => l.type === 'event')).toBe(true), { timeout: 5000 })
    expect(lines().find((l) => l.type === 'event')).toMatchObject({ event: { type: 'article_created' } })
    stop()
    expect(await done).toBe(0)
    const bad = fakeIo(env)
    expect(await runCli(['run', '--webhook', '70000'], bad)).toBe(2)
  })

  it('not signed in: exit 1 with the reason; a bad --lead is a usage error', async () => {
    emu = await startEmulator({ port: 0 })
    const env = {
      ONAIR_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'onair-run-')), 'data'),
      ONAIR_MEDIA_URL: emu.baseUrl,
      ONAIR_CLIENT_ID: emu.client.id
    }
    const io = fakeIo(env)
    expect(await runCli(['run'], io)).toBe(1)
    expect(io.stderr.join('\n')).toContain('not signed in')
    const bad = fakeIo(env)
    expect(await runCli(['run', '--lead', '10,x'], bad)).toBe(2)
    expect(bad.stderr.join('\n')).toContain('--lead takes minutes')
    expect(parseLead('10, 0,1440')).toEqual([10, 0, 1440])
    expect(() => parseLead('1441')).toThrow()
    expect(parseLead(undefined)).toBeUndefined()
  })
})
