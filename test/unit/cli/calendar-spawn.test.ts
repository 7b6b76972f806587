import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, type Emulator } from '../../emulator/index'
import { fakeIo } from '../../support/fake-io'
import { signedInEnv } from '../../support/signed-in-env'
import { runCliProcess, spawnCli, type CliProcess } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'

/**
 * The calendar feed's address from the command line, as real processes: `onair run`
 * says where it serves the feed, `onair calendar url` shows it, `onair calendar new-url` retires
 * it at once in the running daemon.
 */
let emu: Emulator
let folder: string
const daemons: CliProcess[] = []
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rateLimit: false })
  folder = tempDir('onair-calendar-cli-')
})
// A failed expectation must not leave a daemon running.
afterEach(() => {
  for (const d of daemons.splice(0))
    if (d.child.exitCode === null && d.child.signalCode === null) d.child.kill('SIGKILL')
})
afterAll(async () => {
  await emu.close()
})

let folders = 0
async function folderWithFeed(enabled: boolean) {
  const env = await signedInEnv(emu, join(folder, String(folders++)))
  if (enabled) expect(await runCli(['config', 'set', 'calendar.subscribe.enabled', 'true'], fakeIo(env))).toBe(0)
  return env
}

function daemon(env: Record<string, string>, json: boolean) {
  const d = spawnCli(json ? ['run', '--json'] : ['run'], env)
  daemons.push(d)
  return d
}

const status = async (url: string) => (await fetch(url)).status
const ja = { LANG: 'ja_JP.UTF-8' }
const FEED = /^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{43}\/onair\.ics$/

describe('onair calendar', () => {
  it('the feed off: url exits 1 and says how to turn it on, in English and Japanese; --json says so too', async () => {
    const env = await folderWithFeed(false)
    const en = await runCliProcess(['calendar', 'url'], env)
    expect(en).toMatchObject({ code: 1, stdout: [] })
    expect(en.stderr).toContain(
      'The calendar feed is off. Turn it on with "onair config set calendar.subscribe.enabled true"'
    )
    const jp = await runCliProcess(['calendar', 'url'], { ...env, ...ja })
    expect(jp.code).toBe(1)
    expect(jp.stderr).toContain('カレンダー配信はオフです')
    const json = await runCliProcess(['calendar', 'url', '--json'], env)
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout[0]!)).toEqual({ enabled: false, url: null, serving: false })
  })

  it('on but never served: no address yet, exit 1', async () => {
    const env = await folderWithFeed(true)
    const r = await runCliProcess(['calendar', 'url'], env)
    expect(r).toMatchObject({ code: 1, stdout: [] })
    expect(r.stderr).toContain('has no address yet: it gets one the first time the app or "onair run" serves it')
  })

  it('a wrong or missing action is a usage error (exit 2)', async () => {
    const env = await folderWithFeed(true)
    expect((await runCliProcess(['calendar'], env)).code).toBe(2)
    const wrong = await runCliProcess(['calendar', 'address'], env)
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('onair calendar url [--json], onair calendar new-url [--json]')
  })

  it('onair run --json prints the address it serves; url shows it; new-url makes the old one answer 404 in the running daemon', async () => {
    const env = await folderWithFeed(true)
    const run = daemon(env, true)
    const started = JSON.parse(await run.line((l) => l.includes('"type":"calendar"'))) as { url: string }
    expect(started.url).toMatch(FEED)
    expect(await status(started.url)).toBe(200)

    const shown = await runCliProcess(['calendar', 'url'], env)
    expect(shown).toMatchObject({ code: 0, stdout: [started.url], stderr: '' })
    const json = await runCliProcess(['calendar', 'url', '--json'], env)
    expect(JSON.parse(json.stdout[0]!)).toEqual({ enabled: true, url: started.url, serving: true })

    const renewed = await runCliProcess(['calendar', 'new-url'], { ...env, ...ja })
    expect(renewed.code).toBe(0)
    const fresh = renewed.stdout[0]!
    expect(fresh).toMatch(FEED)
    expect(fresh).not.toBe(started.url)
    expect(renewed.stderr).toContain('古いアドレスは今後 404 を返します')
    // At once, in the daemon that was already serving: no restart, no waiting.
    expect(await status(started.url)).toBe(404)
    expect(await status(fresh)).toBe(200)
    // …which also tells its reader the new address.
    const told = JSON.parse(await run.line((l) => l.includes(fresh))) as { type: string }
    expect(told.type).toBe('calendar')

    run.child.kill('SIGINT')
    expect(await run.code).toBe(0)
    const after = await runCliProcess(['calendar', 'url'], env)
    expect(after).toMatchObject({ code: 0, stdout: [fresh] })
    expect(after.stderr).toContain('Nothing serves this address right now')
  }, 30_000)

  it('a port another program holds: onair run --json says so on an error line and serves the rest', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    try {
      const port = (blocker.address() as AddressInfo).port
      const env = await folderWithFeed(true)
      expect(await runCli(['config', 'set', 'calendar.subscribe.port', String(port)], fakeIo(env))).toBe(0)
      const run = daemon(env, true)
      const error = JSON.parse(await run.line((l) => l.includes('"type":"error"'))) as { message: string }
      expect(error.message).toContain(`could not use port ${port}`)
      await run.line((l) => l.includes('"type":"poll"'))
      expect(run.child.exitCode).toBeNull()
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('another program on the feed port: url and new-url send it no secret, and call it not served', async () => {
    // Whatever it is, it records every byte it receives and answers 200 to anything.
    let received = ''
    const foreign = createServer((socket) =>
      socket.on('data', (d: Buffer) => {
        received += d.toString('latin1')
        socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok')
      })
    )
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
    try {
      const port = (foreign.address() as AddressInfo).port
      const env = await folderWithFeed(true)
      expect(await runCli(['config', 'set', 'calendar.subscribe.port', String(port)], fakeIo(env))).toBe(0)
      const made = await runCliProcess(['calendar', 'new-url', '--json'], env)
      const shown = await runCliProcess(['calendar', 'url', '--json'], env)
      const urls = [made, shown].map((r) => JSON.parse(r.stdout[0]!) as { url: string; serving: boolean })
      expect(urls.map((u) => u.serving)).toEqual([false, false])
      expect(received).toContain('GET /onair-feed-proof?nonce=')
      const secret = new URL(urls[0]!.url).pathname.split('/')[1]!
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(received).not.toContain(secret)
    } finally {
      await new Promise((resolve) => foreign.close(resolve))
    }
  })

  it.each([
    [{}, /^Calendar feed: subscribe to (\S+)$/m],
    [ja, /^カレンダー配信: (\S+) を購読してください$/m]
  ])('onair run without --json says on stderr where the feed is (%o)', async (lang, line) => {
    const env = await folderWithFeed(true)
    const run = daemon({ ...env, ...lang }, false)
    const url = await new Promise<string>((resolve) =>
      run.child.stderr!.on('data', () => {
        const m = line.exec(run.stderr())
        if (m) resolve(m[1]!)
      })
    )
    expect(url).toMatch(FEED)
    expect(await status(url)).toBe(200)
  })
})
