import createDOMPurify from 'dompurify'

/**
 * The one way untrusted wiki HTML (an article's `rendered_body`) reaches the DOM. A private
 * DOMPurify instance, so these hooks never leak into other callers. What survives: text
 * formatting, lists, tables, code, headings, links and image placeholders. What never does:
 * scripts, frames, forms, styles, event handlers, SVG/MathML (mutation-XSS vectors) and any URL
 * that is not http(s). Nothing here loads anything: every image (an <img>, its srcset, a video's
 * poster, an SVG <image>, a CSS url()) becomes an <img> without a source, `data-src` holding its
 * https address and its alt naming the host, until the main process hands over the image as data.
 * Links are left inert here; the view opens them through the main process on click.
 */
const purify = createDOMPurify(window)

/**
 * Taken out of DOMPurify's html profile. The profile itself already leaves out script, iframe,
 * frame(set), object, embed, meta, link, base, noscript and the attributes target, ping,
 * formaction and xlink:href (the XSS and stranger e2e corpora try each one).
 */
const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'template',
  'video',
  'audio',
  'source',
  'track',
  'picture'
]
const FORBID_ATTR = ['style', 'srcset', 'action', 'background', 'poster']

/**
 * An absolute (or protocol-relative, taken as https) http(s) address; https only for images.
 * A relative one would resolve against the app itself: refused rather than guessed.
 */
function web(url: string | null, httpsOnly?: boolean): URL | undefined {
  try {
    const u = new URL(url!, 'https://_')
    if (u.host !== '_' && (u.protocol === 'https:' || (!httpsOnly && u.protocol === 'http:'))) return u
  } catch {
    // not a URL at all
  }
}

purify.addHook('uponSanitizeElement', (node, { tagName }) => {
  const el = node as Element
  if (!el.getAttribute) return
  // Before the attributes go: an <img> with only a srcset shows its first candidate.
  if (tagName === 'img' && !el.getAttribute('src'))
    el.setAttribute('src', `${el.getAttribute('srcset')}`.split(/[\s,]/)[0]!)
  // Images of what goes entirely come back as placeholders right after it (created in the
  // parser's inert document, so setting `src` loads nothing; the next steps sanitize them).
  const urls = [
    tagName === 'video' && el.getAttribute('poster'),
    el.getAttribute('background'),
    ...(tagName === 'svg' ? [...el.querySelectorAll('image,feImage')] : []).map(
      (i) => i.getAttribute('href') ?? i.getAttribute('xlink:href')
    ),
    ...[...`${el.getAttribute('style')}`.matchAll(/url\(\s*['"]?([^'")\s]+)/g)].map((m) => m[1])
  ]
  for (const url of urls) {
    if (!url) continue
    const img = el.ownerDocument.createElement('img')
    img.setAttribute('src', url)
    el.after(img)
  }
})

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    // The real destination, normalized (an IDN host in punycode): the view shows it on hover and
    // focus, so link text cannot pass for another address.
    const href = web(node.getAttribute('href'))
    if (href) node.setAttribute('href', href.href)
    else node.removeAttribute('href')
    node.setAttribute('rel', 'noopener noreferrer nofollow')
  }
  if (node.tagName === 'IMG') {
    // Without a source it loads nothing (a lazy-loading hint then does nothing either); without a
    // size it shows its alt text, even for a 1×1 tracking pixel.
    const src = web(node.getAttribute('src'), true)
    for (const a of ['src', 'width', 'height']) node.removeAttribute(a)
    if (!src) return node.remove()
    const alt = node.getAttribute('alt')
    node.setAttribute('data-src', src.href)
    node.setAttribute('alt', `${alt ? `${alt} · ` : ''}${src.host}`)
  }
})

function sanitizeArticleHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
    // Protocol-relative addresses too: `web` takes them as https.
    ALLOWED_URI_REGEXP: /^(https?:|\/\/)/i
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

/** The link a click inside sanitized HTML landed on, if any (only normalized http(s) ones have an href). */
export const linkTarget = (event: MouseEvent): string | undefined =>
  (event.target as Element | null)?.closest?.('a[href]')?.getAttribute('href') ?? undefined
