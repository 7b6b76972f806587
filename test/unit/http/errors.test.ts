import { describe, expect, it } from 'vitest'
import { ApiError, describeApiError, type ApiErrorKind } from '../../../src/main/core/http/errors'

const KINDS: ApiErrorKind[] = [
  'auth',
  'scope',
  'not_found',
  'invalid_params',
  'rate_limited',
  'server',
  'http',
  'network',
  'timeout',
  'bad_response'
]

describe('ApiError', () => {
  it('describes every kind in both languages, naming the service and never the detail', () => {
    for (const service of ['media', 'wiki'] as const) {
      for (const kind of KINDS) {
        const e = new ApiError({ kind, service, status: 500, detail: 'Bearer secret-token' })
        const text = describeApiError(e)
        expect(text.en.length).toBeGreaterThan(10)
        expect(text.ja.length).toBeGreaterThan(5)
        expect(`${text.en}${text.ja}`).not.toContain('secret-token')
      }
    }
  })

  it('shows the service messages of a rejected request', () => {
    const e = new ApiError({
      kind: 'invalid_params',
      service: 'media',
      status: 400,
      serviceMessages: ['per_page は1以上']
    })
    expect(describeApiError(e).ja).toContain('per_page は1以上')
    expect(e.message).toBe('media invalid_params (400)')
  })

  it('knows which kinds are transient', () => {
    const transient = KINDS.filter((kind) => new ApiError({ kind, service: 'media' }).transient)
    expect(transient).toEqual(['rate_limited', 'server', 'network', 'timeout'])
  })
})
