/**
 * The renderer's Content-Security-Policy. The shell sends it as a header (dev server) and
 * `src/renderer/index.html` carries the same string in a meta tag (packaged `file://` pages get no
 * headers); a unit test keeps the two equal. No 'unsafe-inline' anywhere: Svelte's component
 * styles are emitted as CSS files, and the UI avoids Svelte transitions (they inject <style>).
 * Browsers ignore `frame-ancestors` in a meta tag (with a console warning); the header enforces it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'"
].join('; ')
