// `npm test` step after the build: the window's JavaScript must stay within its size budget.
// It grew past it once, unnoticed until a bench run, when new settings controls landed; a step
// that fails the build at the commit that crosses the line names the cost while it is cheap to fix.
// The first screen's share is printed beside it: what the lazy views keep off it.
import { rendererDir } from '../test/e2e/serve'
import { RENDERER_BUDGET_BYTES, rendererJsSize, type JsSize } from '../bench/renderer-size'

const { total, firstScreen } = rendererJsSize(rendererDir)
const kib = (b: number) => `${(b / 1024).toFixed(2)} KiB`
const line = (size: JsSize) =>
  `${kib(size.gzipped)} gzipped (${size.gzipped} bytes, ${size.files} file(s), ${kib(size.raw)} raw)`
const verdict = total.gzipped <= RENDERER_BUDGET_BYTES ? 'within' : 'OVER'
console.log(
  `renderer JS: ${line(total)}: ${verdict} the ${kib(RENDERER_BUDGET_BYTES)} budget, ` +
    `${kib(Math.abs(RENDERER_BUDGET_BYTES - total.gzipped))} ${verdict === 'OVER' ? 'too much' : 'left'}`
)
console.log(`first screen JS: ${line(firstScreen)}; the rest loads when its view opens`)
process.exit(verdict === 'OVER' ? 1 : 0)
