import { request } from 'node:http'
import { Worker } from 'node:worker_threads'

/**
 * A bounded flood of half-open connections against a local port, from a worker thread so the
 * receiver under test keeps its own event loop. Each of `sockets` connections sends part of a
 * request (nothing at all, half a request line, or a request line with a wrong secret and
 * unfinished headers) and reconnects as soon as it is cut, as an attacker who wants to hold every
 * slot would. Loopback only; stopped by `stop()`.
 */
export interface Flood {
  /** Every socket has connected once. */
  ready: Promise<void>
  /** Stops every socket; resolves with how many connections were opened in all. */
  stop(): Promise<number>
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const net = require('node:net')
const { port, sockets } = workerData
const wrongSecret = 'x'.repeat(43)
const openings = [
  '',
  'POST /hooks/' + wrongSecret.slice(0, 20),
  'POST /hooks/' + wrongSecret + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\n'
]
let stopping = false
let opened = 0
let connected = 0
const live = new Set()
function open(i) {
  if (stopping) return
  opened++
  const s = net.connect(port, '127.0.0.1')
  live.add(s)
  s.on('connect', () => {
    if (++connected === sockets) parentPort.postMessage('ready')
    const text = openings[i % openings.length]
    if (text) s.write(text)
  })
  s.on('error', () => {})
  s.on('data', () => {})
  s.on('close', () => { live.delete(s); setImmediate(() => open(i)) })
}
for (let i = 0; i < sockets; i++) open(i)
parentPort.on('message', () => {
  stopping = true
  for (const s of live) s.destroy()
  parentPort.postMessage(opened)
})
`

export function startHalfOpenFlood(port: number, sockets: number): Flood {
  const worker = new Worker(WORKER, { eval: true, workerData: { port, sockets } })
  const ready = new Promise<void>((resolve) => worker.once('message', () => resolve()))
  return {
    ready,
    async stop() {
      await ready
      const opened = new Promise<number>((resolve) => worker.once('message', resolve))
      worker.postMessage('stop')
      const n = await opened
      await worker.terminate()
      return n
    }
  }
}

/**
 * Delivers `count` events one after another, each on a new connection as a webhook sender does,
 * and says how many were answered 200 within `timeoutMs`.
 */
export async function deliverSequentially(
  url: string,
  body: string,
  count: number,
  timeoutMs = 3_000
): Promise<number> {
  const target = new URL(url)
  let ok = 0
  for (let i = 0; i < count; i++) {
    const status = await new Promise<number>((resolve) => {
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent: false,
          timeout: timeoutMs,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }
      )
      req.on('timeout', () => req.destroy())
      req.on('error', () => resolve(0))
      req.end(body)
    })
    if (status === 200) ok++
  }
  return ok
}
