/**
 * The one way untrusted wiki HTML (an article's `rendered_body`) reaches the DOM. What survives:
 * text formatting, lists, tables, code, headings, links and image placeholders. What never does:
 * scripts, frames, forms, styles, event handlers, SVG/MathML (mutation-XSS vectors) and any URL
 * that is not http(s). Nothing here loads anything: every image (an <img>, its srcset, a video's
 * poster, an SVG <image>, a CSS url()) becomes an <img> without a source, `data-src` holding its
 * https address and its alt naming the host, until the main process hands over the image as data.
 * Links are left inert here; the view opens them through the main process on click.
 *
 * Two steps. The article is parsed into a document that runs and loads nothing (DOMParser), where
 * images become placeholders and links get their real address, while the attributes that name
 * them are still there. Then the browser's own sanitizer (`setHTML`, Chromium 146 and later)
 * writes it into the page with only the elements and attributes below. `setHTML` never lets a
 * script, a handler or a javascript: URL through, whatever its configuration says; the lists only
 * narrow it further. (It replaced DOMPurify, a large share of the window's size budget.)
 */

const words = (list: string) => list.split(' ')

/** What an article may keep; other elements give way to their content (a <font>, a <form>). */
const ELEMENTS = words(
  'a abbr address article aside b bdi bdo big blockquote br caption center cite code col colgroup data dd del ' +
    'details dfn div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 header hgroup hr i img ins kbd li main ' +
    'mark nav ol p pre q rp rt ruby s samp section small span strike strong sub summary sup table tbody td tfoot ' +
    'th thead time tr tt u ul var wbr'
)
const ATTRIBUTES = words(
  'abbr align alt cite class colspan datetime dir headers href lang open rel reversed rowspan scope span start title type valign'
)
/** Gone with everything inside them: code, embedded documents and media, and SVG/MathML. */
const DROPPED = new Set(
  words(
    'SCRIPT STYLE TEMPLATE NOSCRIPT NOEMBED NOFRAMES XMP PLAINTEXT IFRAME FRAME FRAMESET OBJECT EMBED APPLET ' +
      'SVG MATH VIDEO AUDIO CANVAS HEAD TITLE'
  )
)
const KEPT = new Set(ELEMENTS.map((name) => name.toUpperCase()))

/** Made on first use: a system without the sanitizer then fails the preview, not the window. */
let sanitizer: Sanitizer | undefined
const articleSanitizer = () =>
  (sanitizer ??= new Sanitizer({
    elements: ELEMENTS.map((name) => (name === 'img' ? { name, attributes: [{ name: 'data-src' }] } : { name })),
    attributes: ATTRIBUTES,
    comments: false,
    dataAttributes: false
  }))

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

/** The addresses of the images an element shows that no <img> of the article names. */
function imagesOf(el: Element): (string | null | undefined)[] {
  return [
    el.tagName === 'VIDEO' ? el.getAttribute('poster') : null,
    el.getAttribute('background'),
    ...(el.tagName === 'svg' ? [...el.querySelectorAll('image,feImage')] : []).map(
      (i) => i.getAttribute('href') ?? i.getAttribute('xlink:href')
    ),
    ...[...`${el.getAttribute('style')}`.matchAll(/url\(\s*['"]?([^'")\s]+)/g)].map((m) => m[1])
  ]
}

/** An <img> becomes a placeholder: no source, its https address kept aside, its alt naming the host. */
function toPlaceholder(img: Element): void {
  // An <img> with only a srcset shows its first candidate.
  const src = web(img.getAttribute('src') || `${img.getAttribute('srcset')}`.split(/[\s,]/)[0]!, true)
  const alt = img.getAttribute('alt')
  for (const { name } of [...img.attributes]) img.removeAttribute(name)
  // Without a source it loads nothing; without a size it shows its alt text, even for a 1×1 pixel.
  if (!src) return img.remove()
  img.setAttribute('data-src', src.href)
  img.setAttribute('alt', `${alt ? `${alt} · ` : ''}${src.host}`)
}

/** The article's HTML with images as placeholders and links at their real address, as a string. */
function prepare(html: string): string {
  // In the body from the first character: a leading <noscript> or <style> is then an element of
  // the article (and goes, with what it holds), not something of the document's head.
  const doc = new DOMParser().parseFromString(`<body>${html}`, 'text/html')
  for (const el of doc.body.querySelectorAll('*')) {
    // Images of what goes (a poster, a background, an SVG image) come back right after it.
    for (const url of imagesOf(el)) {
      if (!url) continue
      const img = doc.createElement('img')
      img.setAttribute('src', url)
      el.after(img)
      toPlaceholder(img)
    }
    if (el.tagName === 'IMG') toPlaceholder(el)
    if (el.tagName === 'A') {
      // The real destination, normalized (an IDN host in punycode): the view shows it on hover and
      // focus, so link text cannot pass for another address.
      const href = web(el.getAttribute('href'))
      if (href) el.setAttribute('href', href.href)
      else el.removeAttribute('href')
      el.setAttribute('rel', 'noopener noreferrer nofollow')
    }
    if (DROPPED.has(el.tagName.toUpperCase())) el.remove()
    else if (!KEPT.has(el.tagName)) el.replaceWith(...el.childNodes)
  }
  return doc.body.innerHTML
}

type SafeHtmlTarget = HTMLElement & { setHTML(html: string, options: { sanitizer: Sanitizer }): void }

/**
 * `{@attach articleBody(html)}`: the element's content becomes the article's HTML, sanitized here,
 * so nothing unsanitized can be written into the page (and the view needs no `{@html}` runtime).
 */
export const articleBody =
  (html: string) =>
  (element: HTMLElement): void => {
    ;(element as SafeHtmlTarget).setHTML(prepare(html), { sanitizer: articleSanitizer() })
  }

/** The link a click inside sanitized HTML landed on, if any (only normalized http(s) ones have an href). */
export const linkTarget = (event: MouseEvent): string | undefined =>
  (event.target as Element | null)?.closest?.('a[href]')?.getAttribute('href') ?? undefined
