/**
 * The renderer is served from its own origin, `app://onair/`, instead of `file://` (Electron's
 * security checklist, item 18): under file:// the CSP's 'self' and the page's fetches reach every
 * local file, here they reach only the files of `out/renderer`. The scheme is registered as
 * standard (real origin, relative URLs), secure (like https: no mixed-content downgrade) and
 * allowed to fetch, before `ready`; the handler, after it, answers only for files under the
 * renderer's folder and 404 for anything else, a path that climbs out of it included.
 */
import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'
import { protocol } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../../shared/csp'

export const RENDERER_SCHEME = 'app'
const RENDERER_HOST = 'onair'
export const RENDERER_URL = `${RENDERER_SCHEME}://${RENDERER_HOST}/index.html`

/** Only before `ready`, and only once (protocol.md). */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }
  ])
}

/** A URL of the renderer's own origin (the window's pages, and nothing else). */
export function isRendererOrigin(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === `${RENDERER_SCHEME}:` && parsed.host === RENDERER_HOST
  } catch {
    return false
  }
}

/**
 * The file under `root` that `url` names, or null: another scheme or host, a path that does not
 * decode, carries a NUL or a backslash, or leaves `root` once decoded (`%2e%2e%2f` arrives encoded,
 * so the check runs on the decoded path, not on the URL Chromium normalised).
 */
export function rendererFile(url: string, root: string): string | null {
  if (!isRendererOrigin(url)) return null
  let path: string
  try {
    path = decodeURIComponent(new URL(url).pathname)
  } catch {
    return null
  }
  if (path.includes('\0') || path.includes('\\')) return null
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`)
  return inside(root, file) ? file : null
}

const inside = (root: string, file: string): boolean => {
  const rel = relative(root, file)
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2'
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })

/** After `ready`: `app://onair/…` answers with the files of `root` (out/renderer) only. */
export function serveRenderer(root: string): void {
  protocol.handle(RENDERER_SCHEME, async (request) => {
    const file = rendererFile(request.url, root)
    if (!file) return notFound()
    try {
      // A link inside the folder that points out of it is refused like a path that climbs out.
      const [real, realRoot] = await Promise.all([realpath(file), realpath(root)])
      if (!inside(realRoot, real) || !(await stat(real)).isFile()) return notFound()
      const body = await readFile(real)
      return new Response(new Uint8Array(body), {
        headers: {
          'content-type': TYPES[extname(real)] ?? 'application/octet-stream',
          // As a header (file:// pages got only the meta tag): frame-ancestors is enforced too.
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'x-content-type-options': 'nosniff'
        }
      })
    } catch {
      return notFound()
    }
  })
}
