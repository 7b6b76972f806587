import createDOMPurify from 'dompurify'

/**
 * The one way untrusted wiki HTML (an article's `rendered_body`) reaches the DOM. A private
 * DOMPurify instance, so these hooks never leak into other callers. What survives: text
 * formatting, lists, tables, code, headings, links and https images. What never does: scripts,
 * frames, forms, styles, event handlers, SVG/MathML (mutation-XSS vectors) and any URL that is not
 * http(s) (images: https only). Links are left inert here; the view opens them through the main
 * process on click.
 */
const purify = createDOMPurify(window)

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'meta',
  'link',
  'base',
  'noscript',
  'template',
  'video',
  'audio',
  'source',
  'track',
  'picture'
]
const FORBID_ATTR = ['style', 'srcset', 'action', 'formaction', 'target', 'ping', 'background', 'poster', 'xlink:href']

function isHttp(url: string, httpsOnly: boolean): boolean {
  try {
    const u = new URL(url, 'https://invalid.invalid/')
    // A relative URL would resolve against the app's own origin: refuse it rather than guess.
    if (u.hostname === 'invalid.invalid') return false
    return u.protocol === 'https:' || (!httpsOnly && u.protocol === 'http:')
  } catch {
    return false
  }
}

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href')
    if (href !== null && !isHttp(href, false)) node.removeAttribute('href')
    node.setAttribute('rel', 'noopener noreferrer nofollow')
  }
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src')
    if (src === null || !isHttp(src, true)) node.remove()
    else node.setAttribute('referrerpolicy', 'no-referrer')
  }
})

function sanitizeArticleHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
    ALLOWED_URI_REGEXP: /^https?:/i
  })
}

/**
 * `{@attach articleBody(html)}`: the element's content becomes the article's HTML, sanitized here,
 * so nothing unsanitized can be written into the page (and the view needs no `{@html}` runtime).
 */
export const articleBody =
  (html: string) =>
  (element: HTMLElement): void => {
    element.innerHTML = sanitizeArticleHtml(html)
  }

/** The http(s) link a click inside sanitized HTML landed on, if any. */
export function linkTarget(event: MouseEvent): string | undefined {
  const anchor = (event.target as Element | null)?.closest?.('a[href]')
  const href = anchor?.getAttribute('href')
  return href && isHttp(href, false) ? new URL(href).href : undefined
}
