/**
 * Onair on a company network: the command line's service calls go through the proxy named in
 * HTTP_PROXY / HTTPS_PROXY (a real tinyproxy from Debian on 127.0.0.1), except for the hosts in
 * NO_PROXY, and trust a private certificate authority named in NODE_EXTRA_CA_CERTS; without it the
 * user reads that the certificate is not trusted. The image loader never uses the proxy: it
 * connects only to the address it checked.
 */
import { createServer as createHttpsServer } from 'node:https'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { agentsTakeProxy, cliNetwork } from '../../../src/main/cli/network'
import { fetchImage } from '../../../src/main/core/images/fetch-image'
import { httpsImageNet } from '../../../src/main/core/images/system-net'
import { startEmulator, type Emulator } from '../../emulator/index'
import { ManualClock } from '../../support/manual-clock'
import { makePrivateCa, type PrivateCa } from '../../support/private-ca'
import { tempDir } from '../../support/temp-dir'
import { startTinyproxy, tinyproxySkipReason, type Tinyproxy } from '../../support/tinyproxy'
import { PIXEL } from '../../stranger/server'
import { fakeIo } from '../../support/fake-io'
import { spawnCli } from '../cli/spawn-cli'
import { signedInEnv } from '../../support/signed-in-env'

const skip = tinyproxySkipReason()

describe.skipIf(skip)('behind a proxy (tinyproxy)', () => {
  let proxy: Tinyproxy
  let ca: PrivateCa
  let emu: Emulator | undefined
  beforeAll(async () => {
    proxy = await startTinyproxy()
    ca = makePrivateCa()
  })
  afterAll(() => proxy?.close())
  afterEach(async () => {
    await emu?.close()
    emu = undefined
    proxy.requests.length = 0
  })

  // Node sends through a proxy from 22.21 and 24.5 on; on an older supported Node the command says
  // so and connects directly (the note's test below), so these run where a proxy can be used.
  const throughProxy = agentsTakeProxy(process.versions.node)

  /** The environment of an `onair` signed in to `emu` (signed in directly, before the test). */
  const signedIn = async (e: Emulator, extra: Record<string, string> = {}) => {
    const env = await signedInEnv(e, undefined, extra)
    proxy.requests.length = 0
    e.requests.length = 0
    return env
  }

  it.skipIf(!throughProxy)("the command line's service calls go through HTTP_PROXY and reach the service", async () => {
    emu = await startEmulator()
    const env = await signedIn(emu)
    const cli = spawnCli(['whoami', '--json'], { ...env, HTTP_PROXY: proxy.url })
    expect(await cli.code, cli.stderr()).toBe(0)
    expect(JSON.parse(cli.stdout.join(''))).toMatchObject({ user: { id: expect.any(Number) } })
    await vi.waitFor(() => expect(proxy.requests.some((r) => r.startsWith(`GET ${emu!.baseUrl}/`))).toBe(true))
    expect(emu.requests.length).toBeGreaterThan(0)
  })

  it.skipIf(!throughProxy)('a proxy that asks for a password gets the one in the proxy address', async () => {
    const guarded = await startTinyproxy({ user: 'onair', password: 's3cret' })
    try {
      emu = await startEmulator()
      const env = await signedIn(emu)
      const proxyUrl = new URL(guarded.url)
      proxyUrl.username = 'onair'
      proxyUrl.password = 's3cret'
      const cli = spawnCli(['whoami', '--json'], { ...env, HTTP_PROXY: proxyUrl.href })
      expect(await cli.code, cli.stderr()).toBe(0)
      expect(emu.requests.length).toBeGreaterThan(0)
      await vi.waitFor(() => expect(guarded.requests.some((r) => r.startsWith(`GET ${emu!.baseUrl}/`))).toBe(true))
    } finally {
      await guarded.close()
    }
  })

  it('hosts named in NO_PROXY are reached directly', async () => {
    emu = await startEmulator()
    const env = await signedIn(emu)
    const cli = spawnCli(['whoami', '--json'], { ...env, HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' })
    expect(await cli.code, cli.stderr()).toBe(0)
    expect(emu.requests.length).toBeGreaterThan(0)
    expect(proxy.requests).toEqual([])
  })

  it.skipIf(!throughProxy)(
    'HTTPS goes through the proxy (CONNECT) to a service of a private CA that NODE_EXTRA_CA_CERTS names',
    async () => {
      emu = await startEmulator({ tls: { cert: ca.cert, key: ca.key } })
      // This process was not started with the variable, as the app's binary run as Node ignores it:
      // the command line reads the file itself.
      const env = await signedIn(emu, { NODE_EXTRA_CA_CERTS: ca.caFile })
      const io = fakeIo({ ...env, HTTPS_PROXY: proxy.url })
      expect(await runCli(['whoami', '--json'], io), io.stderr.join('\n')).toBe(0)
      const { port } = new URL(emu.baseUrl)
      await vi.waitFor(() => expect(proxy.requests).toContain(`CONNECT 127.0.0.1:${port} HTTP/1.1`))
      expect(emu.requests.length).toBeGreaterThan(0)
    }
  )

  it('without the CA, the command says the certificate is not trusted and how to trust it, in both languages', async () => {
    emu = await startEmulator({ tls: { cert: ca.cert, key: ca.key } })
    const env = await signedIn(emu, { NODE_EXTRA_CA_CERTS: ca.caFile })
    for (const [LANG, words] of [
      ['en_US.UTF-8', /does not trust the certificate.*NODE_EXTRA_CA_CERTS/],
      ['ja_JP.UTF-8', /証明書を信頼できません.*NODE_EXTRA_CA_CERTS/]
    ] as const) {
      const cli = spawnCli(['whoami'], { ...env, NODE_EXTRA_CA_CERTS: '', HTTPS_PROXY: proxy.url, LANG })
      expect(await cli.code).not.toBe(0)
      expect(cli.stderr()).toMatch(words)
    }
  })

  it('a CA file that cannot be read is said, and only the usual authorities are trusted', () => {
    const missing = join(tempDir('onair-proxy-ca-'), 'none.pem')
    const { notes } = cliNetwork({ NODE_EXTRA_CA_CERTS: missing })
    expect(notes).toEqual([{ en: expect.stringContaining(missing), ja: expect.stringContaining(missing) }])
  })

  it('a Node too old for the built-in proxy support says so instead of ignoring the proxy silently', () => {
    const { notes } = cliNetwork({ HTTPS_PROXY: proxy.url }, '22.13.0')
    expect(notes[0]?.en).toMatch(/Node 22\.13\.0 cannot send through one.*22\.21/)
    expect(notes[0]?.ja).toMatch(/プロキシ/)
    expect(cliNetwork({ HTTPS_PROXY: proxy.url }, '24.5.0').notes).toEqual([])
  })

  it('the image loader connects to the address it checked, never through the proxy', async () => {
    const server = createHttpsServer({ cert: ca.cert, key: ca.key }, (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    // A process whose default agent uses the environment's proxy (NODE_USE_ENV_PROXY=1).
    const saved = { agent: https.globalAgent, env: process.env.HTTPS_PROXY }
    https.globalAgent = new https.Agent({ proxyEnv: { HTTPS_PROXY: proxy.url } })
    process.env.HTTPS_PROXY = proxy.url
    try {
      const { port } = server.address() as AddressInfo
      const net = { ...httpsImageNet({ ca: ca.caPem }), lookup: async () => [{ address: '127.0.0.1', family: 4 }] }
      const checks = { allowed: () => true, mayBeLocal: () => true, maxBytes: 64 * 1024, timeoutMs: 5_000 }
      const got = await fetchImage(net, new ManualClock(), `https://localhost:${port}/a.png`, checks)
      expect(got).toBe(`data:image/png;base64,${PIXEL.toString('base64')}`)
      expect(proxy.requests).toEqual([])
    } finally {
      https.globalAgent = saved.agent
      if (saved.env === undefined) delete process.env.HTTPS_PROXY
      else process.env.HTTPS_PROXY = saved.env
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
