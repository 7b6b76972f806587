/**
 * Webhook receiver answer time: the wiki expects a quick 2xx, so Onair answers before it handles
 * the event. Measures POST → status line for valid events (the real inbox consumer behind it),
 * over keep-alive connections from the same process: the p99 of each of several runs.
 */
import { rmSync } from 'node:fs'
import { systemClock } from '../src/main/core/clock'
import { createInbox } from '../src/main/core/inbox/inbox'
import { startInboxReceiver } from '../src/main/core/inbox/switches'
import { memoryWebhookSecret } from '../src/main/core/inbox/webhook-secret'
import { inboxFileStore } from '../src/main/core/inbox/store'
import { memoryNotifier } from '../src/main/core/notify'
import { createWikiService } from '../test/emulator/wiki/index'
import { quantile, row, type Bench, type Row } from './stats'
import { scratchDir } from '../test/support/temp-dir'

const RUNS = 5
const REQUESTS = 200

async function oneRun(): Promise<number[]> {
  const dataDir = scratchDir('onair-bench-webhook-')
  const inbox = createInbox({
    wiki: () => null,
    store: inboxFileStore(dataDir),
    clock: systemClock,
    notifier: memoryNotifier(),
    notify: () => true,
    language: () => 'en'
  })
  const hook = { inbox, secret: () => memoryWebhookSecret(), notifier: memoryNotifier(), locale: () => 'en' as const }
  const receiver = await startInboxReceiver(hook, 0)
  const wiki = createWikiService({ now: () => Date.now(), quirks: false })
  const body = JSON.stringify(wiki.webhookEvent('article_created'))
  const times: number[] = []
  try {
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now()
      const res = await fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      times.push(performance.now() - t)
      if (res.status !== 200) throw new Error(`receiver answered ${res.status}`)
      await res.arrayBuffer()
    }
  } finally {
    await receiver.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return times
}

const bench: Bench = {
  name: 'webhook',
  async run(): Promise<Row[]> {
    const p99: number[] = []
    for (let r = 0; r < RUNS; r++) p99.push(quantile(await oneRun(), 0.99))
    const note = `goal < 100 ms: met in ${p99.filter((v) => v < 100).length} of ${RUNS} runs`
    return [row('webhook', `${REQUESTS} valid events: answer p99`, p99, 2, ' ms', note)]
  }
}
export default bench
