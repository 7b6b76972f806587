import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The budget for the window's JavaScript: every chunk counts, measured as gzip -9 of each built
 * file, in KiB. Splitting is no way around it: each chunk compresses without the others' words.
 */
export const RENDERER_BUDGET_BYTES = 64 * 1024

export interface JsSize {
  files: number
  raw: number
  gzipped: number
}

/** Every chunk of the built renderer (`rendererDir`: out/renderer, with assets/). */
export function rendererJsSize(rendererDir: string): JsSize {
  const bytes = readdirSync(join(rendererDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(rendererDir, 'assets', file)))
  return {
    files: bytes.length,
    raw: bytes.reduce((sum, b) => sum + b.length, 0),
    gzipped: bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)
  }
}
