import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { judgeRequestLine, MAX_REQUEST_LINE } from '../../../src/main/core/inbox/request-line'
import { PENDING_BUDGET, startWebhookServer, type WebhookServer } from '../../../src/main/core/inbox/webhook-server'
import { createWikiService } from '../../emulator/wiki/index'
import { deliverSequentially } from '../../load/half-open-flood'

const SECRET = 'k'.repeat(43)
const PATH = `/hooks/${SECRET}`
const EVENT = JSON.stringify(createWikiService({ now: () => 0, quirks: false }).webhookEvent('article_created'))
const judge = (text: string) => judgeRequestLine(Buffer.from(text, 'latin1'), PATH)

describe('judgeRequestLine', () => {
  it('decides as soon as the request target is complete, before any header', () => {
    expect(judge(`POST ${PATH} `)).toEqual({ verdict: 'accept' })
    expect(judge(`POST ${PATH}?x=1 HTTP/1.1\r\n`)).toEqual({ verdict: 'accept' })
    expect(judge(`GET ${PATH} HTTP/1.1\r\n`)).toEqual({ verdict: 'accept' }) // 405 comes from the handler
    expect(judge('POST /hooks/guess HTTP/1.1\r\nHost: x\r\n')).toMatchObject({ verdict: 'refuse', status: 404 })
    expect(judge(`POST ${PATH}x `)).toMatchObject({ verdict: 'refuse', status: 404 })
  })

  it('never decides on a partial target, so the answer time reveals nothing about a guess', () => {
    for (const partial of [`POST ${PATH}`, `POST ${PATH.slice(0, 20)}`, 'POST /hooks/zzzz', 'POST /', 'POST', ''])
      expect(judge(partial), partial).toEqual({ verdict: 'wait' })
  })

  it('refuses what cannot become a request line', () => {
    expect(judge('\r\n')).toMatchObject({ verdict: 'refuse', status: 400 })
    expect(judge('post /x ')).toMatchObject({ verdict: 'refuse', status: 400 })
    expect(judge('A'.repeat(17))).toMatchObject({ verdict: 'refuse', status: 400 })
    expect(judge(`POST /${'a'.repeat(MAX_REQUEST_LINE)}`)).toMatchObject({ verdict: 'refuse', status: 414 })
  })
})

/** A raw socket and everything it received until it closed. */
function rawSocket(port: number, text: string): { socket: Socket; received: () => string; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1')
  let got = ''
  socket.on('data', (d) => (got += d.toString('latin1')))
  socket.on('error', () => {})
  socket.on('connect', () => {
    if (text) socket.write(text)
  })
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(got)))
  return { socket, received: () => got, closed }
}

/** One full delivery on a new socket: by its end the server has read what was sent before it. */
async function settle(server: WebhookServer): Promise<void> {
  expect(await deliverSequentially(server.url, EVENT, 1)).toBe(1)
}

describe('connection gate on a live receiver (header deadline on a ManualClock)', () => {
  let server: WebhookServer
  const clock = new ManualClock()
  const delivered: unknown[] = []
  afterEach(async () => {
    await server.close()
  })
  const start = async () => {
    server = await startWebhookServer({
      port: 0,
      secret: SECRET,
      clock,
      headerDeadlineMs: 1_500,
      onEvent: (e) => delivered.push(e)
    })
  }

  it('accepts any Host: a tunnel in front of it rewrites nothing, and the secret is the gate', async () => {
    await start()
    const body = EVENT
    const s = rawSocket(
      server.port,
      `POST ${PATH} HTTP/1.1\r\nHost: tunnel.example\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    )
    expect(await s.closed).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('answers a wrong secret at once, with the headers still unfinished', async () => {
    await start()
    const s = rawSocket(server.port, 'POST /hooks/guess HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    expect(await s.closed).toMatch(/^HTTP\/1\.1 404 /)
  })

  it('cuts a silent socket, half a request line, or unfinished headers at the deadline with 408', async () => {
    await start()
    const sockets = [
      rawSocket(server.port, ''),
      rawSocket(server.port, `POST ${PATH.slice(0, 30)}`),
      rawSocket(server.port, `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n`)
    ]
    await settle(server)
    clock.advance(1_499)
    await settle(server)
    expect(sockets.map((s) => s.received())).toEqual(['', '', ''])
    clock.advance(1)
    for (const s of sockets) expect(await s.closed).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('drops the oldest pending socket to make room, and still delivers while the budget is full', async () => {
    await start()
    const silent = Array.from({ length: PENDING_BUDGET + 5 }, () => rawSocket(server.port, ''))
    const before = delivered.length
    expect(await deliverSequentially(server.url, EVENT, 5)).toBe(5)
    expect(delivered.length - before).toBe(5)
    // The five oldest silent sockets were closed without an answer; the rest wait for the deadline.
    for (const s of silent.slice(0, 5)) expect(await s.closed).toBe('')
    expect(silent.slice(-5).every((s) => !s.socket.closed)).toBe(true)
    for (const s of silent) s.socket.destroy()
  })
})
