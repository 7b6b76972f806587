import type { z } from 'zod'
import { send, type HttpConfig, type HttpResult, type RequestSpec } from './request'
import type { Pacer } from './pacer'
import { withRetry, type RetryOptions } from './retry'

/**
 * `send` with the two policies every request of one client shares: each attempt waits its turn
 * in the client's pacer, and GETs that failed transiently are tried again.
 */
export type Transport = <S extends z.ZodType | undefined>(spec: RequestSpec<S>) => Promise<HttpResult<S>>

export interface TransportOptions {
  http: HttpConfig
  pacer: Pacer
  retry: RetryOptions
}

export function createTransport(opts: TransportOptions): Transport {
  return (spec) =>
    withRetry(
      spec.method,
      async () => {
        await opts.pacer.acquire()
        return send(opts.http, spec)
      },
      opts.retry
    )
}
