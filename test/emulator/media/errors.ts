import type { EmuResponse } from '../types'

/**
 * Error answers of the media-tracking API. Handlers throw `Reply` so validation can stop deep in a
 * parser without threading results back up.
 */
export class Reply extends Error {
  constructor(readonly response: EmuResponse) {
    super(`reply ${response.status}`)
  }
}

const HELP_URL = 'https://developers.example/docs/rest-api/errors'

/**
 * `bareInQuirks`: some live validation errors carry no developer_message; the documented mode
 * always sends every key of the spec's error table.
 */
export function invalidParams(quirks: boolean, message: string, developerMessage: string, bareInQuirks = false): Reply {
  const error: Record<string, string> = { type: 'invalid_params', message }
  if (!quirks || !bareInQuirks) error.developer_message = developerMessage
  if (!quirks) error.url = HELP_URL
  return new Reply({ status: 400, body: { errors: [error] } })
}

export function notFound(quirks: boolean): Reply {
  if (quirks) {
    return new Reply({
      status: 404,
      body: {
        errors: [
          {
            type: 'unknown_route',
            message: 'ページが見つかりませんでした',
            developer_message: 'The requested resource or route does not exist.'
          }
        ]
      }
    })
  }
  return new Reply({
    status: 404,
    body: {
      errors: [
        {
          type: 'not_found',
          message: '指定されたリソースは存在しません',
          developer_message: 'The specified resource does not exist.',
          url: HELP_URL
        }
      ]
    }
  })
}

/**
 * Doorkeeper answers a refused resource request with `head` (rails/helpers.rb
 * `doorkeeper_render_error_with`): no body, Rails' default text/html, and the ErrorResponse headers.
 */
const DOORKEEPER_HEAD = { 'content-type': 'text/html', 'cache-control': 'no-store, no-cache' }

export function unauthorized(quirks: boolean, description: string): Reply {
  if (quirks) {
    return new Reply({
      status: 401,
      headers: {
        ...DOORKEEPER_HEAD,
        'www-authenticate': `Bearer realm="Doorkeeper", error="invalid_token", error_description="${description}"`
      },
      body: undefined
    })
  }
  return new Reply({
    status: 401,
    body: {
      errors: [{ type: 'unauthorized', message: '認証が必要です', developer_message: description, url: HELP_URL }]
    }
  })
}

export function forbidden(quirks: boolean): Reply {
  if (quirks) return new Reply({ status: 403, headers: DOORKEEPER_HEAD, body: undefined })
  return new Reply({
    status: 403,
    body: {
      errors: [
        {
          type: 'forbidden',
          message: 'この操作は許可されていません',
          developer_message: 'The access token lacks the write scope.',
          url: HELP_URL
        }
      ]
    }
  })
}
