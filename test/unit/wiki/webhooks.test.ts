import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_WEBHOOK_BYTES,
  WEBHOOK_EVENT_TYPES,
  parseWebhookBody,
  parseWebhookEvent
} from '../../../src/main/core/wiki/webhooks'
import { createWikiService, sendWebhook } from '../../emulator/wiki'

const wiki = createWikiService({ now: () => Date.UTC(2026, 10, 22, 12), quirks: false })

describe('parseWebhookEvent', () => {
  it.each(WEBHOOK_EVENT_TYPES)('accepts the emulator payload of %s', (type) => {
    const res = parseWebhookEvent(wiki.webhookEvent(type))
    expect(res.ok).toBe(true)
    if (res.ok) expect(res.event.type).toBe(type)
  })

  it('keeps the fields of a known event and drops unsafe links', () => {
    const article = { ...(wiki.webhookEvent('article_updated').article as object), url: 'javascript:alert(1)' }
    const res = parseWebhookEvent({ type: 'article_updated', article })
    expect(res.ok && res.event.type === 'article_updated' && res.event.article).toMatchObject({
      id: 2,
      title: 'Review: Frieren episode 12',
      url: undefined
    })
    expect(res.ok && res.event.type === 'article_updated' && res.event.article.user?.name).toBe('hikari')
  })

  it('keeps unknown types as unknown events', () => {
    expect(parseWebhookEvent({ type: 'wiki_archived', anything: [1, 2] })).toEqual({
      ok: true,
      event: { type: 'unknown', originalType: 'wiki_archived' }
    })
  })

  it('rejects non-objects, bodies without a usable type, and known types without their object', () => {
    for (const v of [null, 1, 'article_created', [], [{ type: 'article_created' }]])
      expect(parseWebhookEvent(v)).toMatchObject({ ok: false, reason: 'not_object' })
    for (const v of [{}, { type: 3 }, { type: '' }, { type: 'x'.repeat(101) }, { type: 'a\nb' }])
      expect(parseWebhookEvent(v)).toMatchObject({ ok: false, reason: 'missing_type' })
    const res = parseWebhookEvent({ type: 'issue_created' })
    expect(res).toMatchObject({ ok: false, reason: 'invalid_payload' })
    expect(!res.ok && res.detail).toContain('issue')
    expect(parseWebhookEvent({ type: 'page_created', page: { id: 1, title: 'x'.repeat(1001) } }).ok).toBe(false)
  })

  it('never throws on random JSON, and only accepts objects with a string type', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const res = parseWebhookEvent(v)
        if (res.ok) expect(typeof (v as { type?: unknown }).type).toBe('string')
      }),
      { numRuns: 500 }
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...WEBHOOK_EVENT_TYPES, 'other'),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (type, rest) => {
          parseWebhookEvent({ ...rest, type })
        }
      ),
      { numRuns: 500 }
    )
  })
})

describe('parseWebhookBody', () => {
  it('refuses text that is not JSON or too large', () => {
    expect(parseWebhookBody('{"type":')).toEqual({ ok: false, reason: 'not_json' })
    expect(parseWebhookBody(JSON.stringify({ type: 'x', pad: 'a'.repeat(MAX_WEBHOOK_BYTES) }))).toEqual({
      ok: false,
      reason: 'too_large'
    })
  })

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (s) => void parseWebhookBody(s)),
      { numRuns: 500 }
    )
  })
})

describe('sendWebhook', () => {
  it('POSTs JSON the way the wiki does, to a receiver that parses it', async () => {
    const seen: { type?: string; contentType?: string; parsed?: ReturnType<typeof parseWebhookBody> } = {}
    const server = http.createServer((req, res) => {
      let text = ''
      req.on('data', (c: Buffer) => (text += c.toString('utf8')))
      req.on('end', () => {
        seen.contentType = req.headers['content-type']
        seen.parsed = parseWebhookBody(text)
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    try {
      expect(await sendWebhook(url, wiki.webhookEvent('page_updated'))).toEqual({ status: 204, text: '' })
      expect(seen.contentType).toBe('application/json')
      expect(seen.parsed).toMatchObject({ ok: true, event: { type: 'page_updated', page: { id: 7 } } })
      await sendWebhook(url, 'not json')
      expect(seen.parsed).toEqual({ ok: false, reason: 'not_json' })
    } finally {
      await new Promise((r) => server.close(r))
    }
  })
})
