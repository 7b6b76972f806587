import { afterEach, describe, expect, it } from 'vitest'
import { startWebhookServer, type WebhookServer } from '../../../src/main/core/inbox/webhook-server'
import { createWikiService } from '../../emulator/wiki/index'
import { deliverSequentially, startHalfOpenFlood, type Flood } from '../../load/half-open-flood'

const EVENT = JSON.stringify(createWikiService({ now: () => 0, quirks: false }).webhookEvent('article_created'))

/**
 * Before the connection gate, 120 reconnecting half-open sockets let 10 of 32 valid
 * deliveries through, and 200 let none. Real sockets on loopback; the flood is bounded and runs
 * on its own thread.
 */
describe('webhook receiver under a flood of half-open connections', () => {
  let server: WebhookServer | undefined
  let flood: Flood | undefined
  afterEach(async () => {
    await flood?.stop()
    await server?.close()
    flood = undefined
    server = undefined
  })

  it.each([120, 200])(
    'delivers at least 99 percent of valid events while %i strangers hold sockets',
    async (sockets) => {
      const delivered: unknown[] = []
      server = await startWebhookServer({ port: 0, secret: 's'.repeat(43), onEvent: (e) => delivered.push(e) })
      flood = startHalfOpenFlood(server.port, sockets)
      await flood.ready
      const events = 100
      const ok = await deliverSequentially(server.url, EVENT, events)
      const opened = await flood.stop()
      flood = undefined
      // The flood really ran: far more connections than it has sockets, so it was cut and came back.
      expect(opened).toBeGreaterThan(sockets * 2)
      expect(ok / events).toBeGreaterThanOrEqual(0.99)
      expect(delivered.length).toBe(ok)
    }
  )
})
