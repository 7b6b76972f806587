// `npm test` step after the build: the window's JavaScript must stay within its size budget.
// It grew past it once, unnoticed until a bench run, when new settings controls landed; a step
// that fails the build at the commit that crosses the line names the cost while it is cheap to fix.
import { rendererDir } from '../test/e2e/serve'
import { RENDERER_BUDGET_BYTES, rendererJsSize } from '../bench/renderer-size'

const size = rendererJsSize(rendererDir)
const kib = (b: number) => `${(b / 1024).toFixed(2)} KiB`
const verdict = size.gzipped <= RENDERER_BUDGET_BYTES ? 'within' : 'OVER'
console.log(
  `renderer JS: ${kib(size.gzipped)} gzipped (${size.gzipped} bytes, ${size.files} file(s), ${kib(size.raw)} raw): ` +
    `${verdict} the ${kib(RENDERER_BUDGET_BYTES)} budget, ` +
    `${kib(Math.abs(RENDERER_BUDGET_BYTES - size.gzipped))} ${verdict === 'OVER' ? 'too much' : 'left'}`
)
process.exit(verdict === 'OVER' ? 1 : 0)
