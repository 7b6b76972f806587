import { isIP } from 'node:net'

/**
 * Redirect URI matching as Doorkeeper does it (lib/doorkeeper/oauth/helpers/uri_checker.rb
 * `matches?`), at the authorize page and again at the token endpoint: the port is ignored when
 * both the registered and the requested host are loopback IP addresses (RFC 8252 §7.3), and a
 * query on the requested URI is ignored unless the registered one has a query (then the same
 * parameters, in any order). `localhost` is a name, not an address, so it gets no such favour.
 */
const OOB = 'urn:ietf:wg:oauth:2.0:oob'

function isLoopback(u: URL): boolean {
  const host = u.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) === 4) return host.startsWith('127.')
  return isIP(host) === 6 && host === '::1'
}

function matches(requested: URL, registered: string): boolean {
  let reg: URL
  try {
    reg = new URL(registered)
  } catch {
    return false
  }
  const sorted = (u: URL): string => u.search.slice(1).split('&').sort().join('&')
  if (reg.search !== '' && sorted(reg) !== sorted(requested)) return false
  const ignorePort = isLoopback(reg) && isLoopback(requested)
  const bare = (u: URL): string =>
    `${u.protocol}//${u.username}${u.hostname}${ignorePort ? '' : `:${u.port}`}${u.pathname}`
  return bare(reg) === bare(requested)
}

export function redirectUriAllowed(registered: readonly string[], requested: string | undefined): boolean {
  if (!requested) return false
  if (requested === OOB) return registered.includes(OOB)
  let req: URL
  try {
    req = new URL(requested)
  } catch {
    return false
  }
  // uri_checker.rb `valid?`: no fragment, and an http(s) URI needs a host.
  if (req.hash || ((req.protocol === 'http:' || req.protocol === 'https:') && req.hostname === '')) return false
  return registered.some((r) => r !== OOB && matches(req, r))
}
