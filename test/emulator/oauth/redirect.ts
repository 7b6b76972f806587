/**
 * Redirect URI matching as the live service does it (RFC 8252 §7.3 for loopback): the port is
 * ignored only when the registered and the requested URI both use the literal loopback address
 * 127.0.0.1 or [::1]. `localhost` gets no such favour and must match exactly.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]'])

function withoutPort(u: URL): string {
  return `${u.protocol}//${u.hostname}${u.pathname}${u.search}`
}

export function redirectUriAllowed(registered: readonly string[], requested: string | undefined): boolean {
  if (!requested) return false
  if (registered.includes(requested)) return true
  let req: URL
  try {
    req = new URL(requested)
  } catch {
    return false
  }
  if (req.protocol !== 'http:' || !LOOPBACK_HOSTS.has(req.hostname) || req.hash) return false
  return registered.some((r) => {
    let reg: URL
    try {
      reg = new URL(r)
    } catch {
      return false
    }
    return reg.protocol === 'http:' && LOOPBACK_HOSTS.has(reg.hostname) && withoutPort(reg) === withoutPort(req)
  })
}
