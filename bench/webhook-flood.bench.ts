/**
 * Webhook deliveries per second with and without a flood of half-open connections:
 * valid events POSTed one after another, each on a new connection as a sender does, to the real
 * receiver, while 0, 120 or 200 sockets from another thread hold half a request open and come
 * back whenever they are cut. Several runs per size; the delivered share is reported too.
 */
import { startWebhookServer } from '../src/main/core/inbox/webhook-server'
import { createWikiService } from '../test/emulator/wiki/index'
import { deliverSequentially, startHalfOpenFlood } from '../test/load/half-open-flood'
import { summarise, type Bench, type Row } from './stats'

const RUNS = 3
const EVENTS = 200
const FLOODS = [0, 120, 200]
const EVENT = JSON.stringify(
  createWikiService({ now: () => Date.now(), quirks: false }).webhookEvent('article_created')
)

async function oneRun(sockets: number): Promise<{ perSecond: number; share: number }> {
  let received = 0
  const server = await startWebhookServer({ port: 0, secret: 'b'.repeat(43), onEvent: () => received++ })
  const flood = sockets > 0 ? startHalfOpenFlood(server.port, sockets) : undefined
  try {
    await flood?.ready
    const started = performance.now()
    const ok = await deliverSequentially(server.url, EVENT, EVENTS)
    const seconds = (performance.now() - started) / 1000
    return { perSecond: ok / seconds, share: Math.min(ok, received) / EVENTS }
  } finally {
    await flood?.stop()
    await server.close()
  }
}

const bench: Bench = {
  name: 'webhook-flood',
  async run(): Promise<Row[]> {
    const rows: Row[] = []
    for (const sockets of FLOODS) {
      const rates: number[] = []
      const shares: number[] = []
      for (let r = 0; r < RUNS; r++) {
        const { perSecond, share } = await oneRun(sockets)
        rates.push(perSecond)
        shares.push(share * 100)
      }
      const what = sockets === 0 ? 'no flood' : `${sockets} half-open sockets`
      rows.push(
        {
          bench: 'webhook-flood',
          metric: `${what}: deliveries per second`,
          ...summarise(rates, 0, '/s'),
          note: `${EVENTS} events, new connection each, ${RUNS} runs`
        },
        {
          bench: 'webhook-flood',
          metric: `${what}: delivered`,
          ...summarise(shares, 1, ' %'),
          note: 'goal ≥ 99 %'
        }
      )
    }
    return rows
  }
}
export default bench
