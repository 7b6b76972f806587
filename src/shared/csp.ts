/**
 * The renderer's Content-Security-Policy. The shell sends it as a header (the dev server, and the
 * packaged renderer's `app://onair/` responses) and `src/renderer/index.html` carries the same
 * string in a meta tag; a unit test keeps the two equal. 'self' is the app:// origin, which serves
 * only out/renderer (shell/renderer-protocol.ts), not every local file as under file://. No 'unsafe-inline' anywhere: Svelte's component
 * styles are emitted as CSS files, and the UI avoids Svelte transitions (they inject <style>).
 * Browsers ignore `frame-ancestors` in a meta tag (with a console warning); the header enforces it.
 * No remote origin anywhere, images included: the main process fetches the images the user allowed
 * and hands them over as `data:` URLs (core/images), so a sanitizer slip cannot reach a server.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'"
].join('; ')

/**
 * Only for `electron-vite dev` (the shell and the Vite config use it when the dev server runs, a
 * packaged build never does): Vite injects component styles as <style> elements and talks to its
 * dev server over a WebSocket for hot reload.
 */
export function devContentSecurityPolicy(): string {
  return CONTENT_SECURITY_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"
  )
}
