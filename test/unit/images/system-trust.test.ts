/**
 * A self-hosted wiki whose certificate comes from the company's own authority, trusted by the
 * operating system: its images show, as its API answers through Electron's network stack. Each
 * case runs in a process of its own, whose system store is the file SSL_CERT_FILE names (Node
 * reads it there on Linux: node docs/api/cli.md `--use-system-ca`).
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePrivateCa, type PrivateCa } from '../../support/private-ca'
import { tempDir } from '../../support/temp-dir'
import { PIXEL } from '../../stranger/server'

const CHILD = join(import.meta.dirname, 'system-trust-child.ts')
let ca: PrivateCa
let server: Server
let port = 0
beforeAll(async () => {
  ca = makePrivateCa()
  server = createServer({ cert: ca.cert, key: ca.key }, (_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** The child's answer with this file as the whole system store (no NODE_EXTRA_CA_CERTS). */
function fetchWithSystemStore(store: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, String(port)], {
    env: { PATH: process.env.PATH ?? '', SSL_CERT_FILE: store, SSL_CERT_DIR: tempDir('onair-no-certs-') },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout.on('data', (b: Buffer) => (out += b.toString()))
  return new Promise((resolve) => child.on('close', () => resolve(out)))
}

describe.skipIf(process.platform !== 'linux')("an image server of the system's own authority", () => {
  it('is trusted when the system trusts that authority, and not otherwise', async () => {
    expect(await fetchWithSystemStore(ca.caFile)).toBe('shown')
    const empty = join(tempDir('onair-empty-store-'), 'none.pem')
    writeFileSync(empty, '')
    expect(await fetchWithSystemStore(empty)).toBe('not shown')
  })
})
