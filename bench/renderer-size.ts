import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'
import { initSync, parse } from 'es-module-lexer'

/**
 * Issue 11's budget for the window's JavaScript: every chunk counts, the ones loaded later too,
 * measured as gzip -9 of each built file, in KiB as the issue measured it. Splitting is no way
 * around it: each chunk compresses without the others' words, so a split costs bytes.
 */
export const RENDERER_BUDGET_BYTES = 64 * 1024

export interface JsSize {
  files: number
  raw: number
  gzipped: number
}

export interface RendererSize {
  /** Every chunk in `assets/`. */
  total: JsSize
  /**
   * What the window runs before its first screen shows: the page's module scripts
   * and, transitively, the chunks they import statically. Chunks reached only through `import()`
   * (the lazy views) are left out: they load when opened.
   */
  firstScreen: JsSize
}

function sizeOf(dir: string, files: string[]): JsSize {
  const bytes = files.map((file) => readFileSync(join(dir, file)))
  return {
    files: files.length,
    raw: bytes.reduce((sum, b) => sum + b.length, 0),
    gzipped: bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)
  }
}

/** `<script type="module" src>` of the page, relative to the renderer folder. */
const PAGE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g

/** The files `chunk` (a path relative to the renderer folder) imports statically, as such paths. */
function staticImports(dir: string, chunk: string): string[] {
  initSync()
  const [imports] = parse(readFileSync(join(dir, chunk), 'utf8'))
  // d is -1 for `import … from`, an index for `import()`, -2 for `import.meta`.
  return imports.filter((i) => i.d === -1 && i.n).map((i) => posix.join(posix.dirname(chunk), i.n!))
}

/** The built renderer's JavaScript (`rendererDir`: out/renderer, with index.html and assets/). */
export function rendererJsSize(rendererDir: string): RendererSize {
  const all = readdirSync(join(rendererDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`)
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const first = new Set<string>()
  const visit = (chunk: string) => {
    if (first.has(chunk)) return
    first.add(chunk)
    staticImports(rendererDir, chunk).forEach(visit)
  }
  for (const [, src] of html.matchAll(PAGE_SCRIPT)) visit(posix.normalize(src!))
  return { total: sizeOf(rendererDir, all), firstScreen: sizeOf(rendererDir, [...first]) }
}
