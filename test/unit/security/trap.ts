import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A listener at an address Onair was never given a secret for (another loopback port is another
 * origin): it answers every request with 401 and counts the ones that carry any of `secrets`
 * in their path, headers or body — the proof that a changed address received nothing.
 */
export interface Trap {
  url: string
  /** Every request seen, as text (request line, headers, body). */
  requests: string[]
  /** The requests that carry one of the secrets. */
  leaks(secrets: readonly string[]): string[]
  close(): Promise<void>
}

export async function startTrap(): Promise<Trap> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${body}`)
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}')
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    leaks: (secrets) => requests.filter((r) => secrets.some((s) => r.includes(s) || r.includes(encodeURIComponent(s)))),
    close: () => new Promise((done) => server.close(() => done()))
  }
}
