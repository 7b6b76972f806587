import { timingSafeEqual } from 'node:crypto'

/**
 * The earliest decision the webhook receiver can make about a connection: once the request
 * target is complete (the space after it), the secret in the path is either right or wrong, so a
 * stranger is answered before sending any header. Pure, so the rules are tested without sockets.
 *
 * Nothing is decided on a partial target: answering "wrong" as soon as one byte of the secret
 * differed would tell an attacker, byte by byte, how much of a guess was right.
 */
export type LineVerdict =
  { verdict: 'wait' } | { verdict: 'accept' } | { verdict: 'refuse'; status: 400 | 404 | 414; reason: string }

/** Longer than any request line the wiki sends (method, `/hooks/<43 chars>`, a short query). */
export const MAX_REQUEST_LINE = 2048
const MAX_METHOD = 16
const METHOD = /^[A-Z]+$/

export function judgeRequestLine(head: Buffer, expectedPath: string): LineVerdict {
  const firstSpace = head.indexOf(0x20)
  const lineEnd = head.indexOf(0x0a)
  if (firstSpace < 0 || (lineEnd >= 0 && lineEnd < firstSpace)) {
    if (lineEnd >= 0 || head.length > MAX_METHOD) return refuse(400, 'no method')
    return { verdict: 'wait' }
  }
  if (firstSpace > MAX_METHOD || !METHOD.test(head.subarray(0, firstSpace).toString('latin1'))) {
    return refuse(400, 'bad method')
  }
  const targetStart = firstSpace + 1
  let targetEnd = -1
  for (let i = targetStart; i < head.length; i++) {
    const c = head[i]
    if (c === 0x20 || c === 0x0d || c === 0x0a) {
      targetEnd = i
      break
    }
  }
  if (targetEnd < 0) return head.length > MAX_REQUEST_LINE ? refuse(414, 'request line too long') : { verdict: 'wait' }
  const target = head.subarray(targetStart, targetEnd)
  const queryAt = target.indexOf(0x3f)
  const path = queryAt < 0 ? target : target.subarray(0, queryAt)
  return samePath(path, expectedPath) ? { verdict: 'accept' } : refuse(404, 'unknown path')
}

function samePath(path: Buffer, expected: string): boolean {
  const want = Buffer.from(expected)
  return path.length === want.length && timingSafeEqual(path, want)
}

function refuse(status: 400 | 404 | 414, reason: string): LineVerdict {
  return { verdict: 'refuse', status, reason }
}
