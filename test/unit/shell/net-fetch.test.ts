/**
 * The app's requests to the services go through Electron's network stack (`net.fetch`: the
 * system's proxy, PAC and trusted certificates), here the double's, which fails as Chromium does
 * (`net::ERR_…`). What the user would notice: the app signs in and polls through it, and a failure
 * still reads as the right one (never sent, or an untrusted certificate).
 */
import { createServer as createHttpsServer } from 'node:https'
import { createServer, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, describeApiError } from '../../../src/main/core/http/errors'
import { send } from '../../../src/main/core/http/request'
import { electronFetch } from '../../../src/main/shell/net-fetch'
import { app, net, resetElectron } from './electron-double'
import { makePrivateCa } from '../../support/private-ca'
import { shellPerTest, signedInTo } from './harness'
import { tempDir } from '../../support/temp-dir'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()

describe("the app's service calls", () => {
  it('are sent by net.fetch, without cookies or the HTTP cache, and reach the service', async () => {
    const emu = await run.emulator()
    const shell = await run.start(signedInTo(emu))
    await vi.waitFor(() => expect(emu.requests.length).toBeGreaterThan(0))
    const sent = net.fetched.filter((f) => f.url.startsWith(emu.baseUrl))
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.every((f) => f.init?.credentials === 'omit' && f.init?.cache === 'no-store')).toBe(true)
    expect(await shell.invoke('auth:status')).toMatchObject({ ok: true, value: { signedIn: true } })
  })
})

describe('a failure through net.fetch', () => {
  const ready = () => {
    const folder = tempDir('onair-net-')
    resetElectron({ platform: 'linux', appPath: `${folder}/app`, folder })
    app.becomeReady()
  }
  afterEach(() => resetElectron({ platform: 'linux', appPath: '/nowhere', folder: tempDir('onair-net-') }))

  it('a refused connection is a write that never left: safe to send again', async () => {
    ready()
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const error = await send(
      { service: 'media', baseUrl: `http://127.0.0.1:${port}`, token: () => 't', fetch: electronFetch },
      { method: 'POST', path: '/v1/me/records', schema: undefined }
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'network', ambiguous: false, detail: 'ERR_CONNECTION_REFUSED' })
  })

  it('a certificate of an authority this machine does not trust says so, in both languages', async () => {
    ready()
    const ca = makePrivateCa()
    const server = createHttpsServer({ cert: ca.cert, key: ca.key }, (_req, res) => res.end('{}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const error = await send(
        { service: 'wiki', baseUrl: `https://127.0.0.1:${port}`, token: () => 't', fetch: electronFetch },
        { method: 'GET', path: '/api/v1/me', schema: undefined }
      ).catch((e: unknown) => e as ApiError)
      expect(error).toMatchObject({ kind: 'certificate', detail: 'ERR_CERT_AUTHORITY_INVALID' })
      const words = describeApiError(error as ApiError)
      expect(words.en).toMatch(/does not trust the certificate of the wiki service/)
      expect(words.ja).toMatch(/Wikiサービスの証明書を信頼できません/)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('is refused before the app is ready, as Electron refuses it', async () => {
    const folder = tempDir('onair-net-')
    resetElectron({ platform: 'linux', appPath: `${folder}/app`, folder })
    await expect(electronFetch(new URL('http://127.0.0.1:9/'), { method: 'GET', headers: {} })).rejects.toThrow(
      /when app is ready/
    )
  })
})
