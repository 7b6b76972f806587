// `npm test` step after the build: the window's JavaScript must stay within its size budget.
// It grew past it once, unnoticed until a bench run, when new settings controls landed; a step
// that fails the build at the commit that crosses the line names the cost while it is cheap to fix.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { rendererDir } from '../test/e2e/serve'

/**
 * Every chunk counts, measured as gzip -9 of each built file: splitting is no way around it, as
 * each chunk compresses without the others' words.
 */
export const RENDERER_BUDGET_BYTES = 64 * 1024

/** Every chunk of the built renderer (`dir`: out/renderer, with assets/). */
export function rendererJsSize(dir: string): { files: number; raw: number; gzipped: number } {
  const bytes = readdirSync(join(dir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, 'assets', file)))
  return {
    files: bytes.length,
    raw: bytes.reduce((sum, b) => sum + b.length, 0),
    gzipped: bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = rendererJsSize(rendererDir)
  const kib = (b: number) => `${(b / 1024).toFixed(2)} KiB`
  const verdict = size.gzipped <= RENDERER_BUDGET_BYTES ? 'within' : 'OVER'
  console.log(
    `renderer JS: ${kib(size.gzipped)} gzipped (${size.gzipped} bytes, ${size.files} file(s), ${kib(size.raw)} raw): ` +
      `${verdict} the ${kib(RENDERER_BUDGET_BYTES)} budget, ` +
      `${kib(Math.abs(RENDERER_BUDGET_BYTES - size.gzipped))} ${verdict === 'OVER' ? 'too much' : 'left'}`
  )
  process.exit(verdict === 'OVER' ? 1 : 0)
}
