/**
 * What never leaves Onair in a text meant for people (the log file, `onair doctor`, Copy
 * diagnostics): bearer tokens, `token=`/`client_secret=` values, the OAuth authorization code and
 * PKCE verifier (`code=`, `code_verifier=` in a callback URL or a token request's form), and the
 * secret path segment of a local address (the calendar feed's and the webhook receiver's
 * `http://127.0.0.1:<port>/<secret>/…`), also as a bare path (`/hooks/<secret>`,
 * `/<secret>/onair.ics`) in a request line. `known` values (the secrets store's, the
 * environment's) are replaced wherever they appear, even where no pattern would have found them.
 */
export function redact(text: string, known: readonly string[] = []): string {
  let out = text
  // Longest first: a secret that contains another is replaced whole.
  for (const value of [...known].filter((v) => v.length >= 8).sort((a, b) => b.length - a.length))
    out = out.split(value).join('[redacted]')
  return (
    out
      .replace(/(Bearer\s+)[\w.~+/=-]+/gi, '$1[redacted]')
      .replace(/((?:access_|refresh_)?token["']?\s*[=:]\s*["']?)[\w.~+/-]+/gi, '$1[redacted]')
      .replace(/(client_secret["']?\s*[=:]\s*["']?)[^\s&"',;]+/gi, '$1[redacted]')
      // Before the local-address rule, which would take `hooks` for the secret segment.
      .replace(/(\/hooks\/)[^/\s"'?#]+/g, '$1[redacted]')
      .replace(/(https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?\/)[^/\s"'?#]+/gi, '$1[redacted]')
      .replace(/((?:^|[?&\s"'])(?:code|code_verifier)=)[^&\s"'#]+/gi, '$1[redacted]')
      .replace(/\/[^/\s"'?#]+(\/onair\.ics)/g, '/[redacted]$1')
  )
}
