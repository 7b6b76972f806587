import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rendererJsSize } from '../../../bench/renderer-size'
import { tempDir } from '../../support/temp-dir'

/**
 * The budget step and the render bench read the built window this way: all of its JavaScript, and
 * the part the first screen loads. Checked on a small renderer folder laid out as Vite writes one.
 */
function renderer(files: Record<string, string>): string {
  const dir = tempDir('onair-renderer-size-')
  mkdirSync(join(dir, 'assets'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

const gz = (...texts: string[]) => texts.reduce((sum, t) => sum + gzipSync(t, { level: 9 }).length, 0)
const raw = (...texts: string[]) => texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0)

const page = (src: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${src}"></script>` +
  `<link rel="stylesheet" href="./assets/index.css"></head><body></body></html>`
// Vite puts its preload table before the imports; a string naming a chunk is not an import.
const entry =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["./Settings.js"])))=>i.map(i=>d[i]);\n' +
  'import{a as e}from"./runtime.js";import"./strings.js";' +
  'const t=()=>import(`./Settings.js`);e(t,"import\\"./Preview.js\\"")'
const runtime = 'export const a=(e,t)=>e().then(t)'
const strings = 'import{a as e}from"./runtime.js";export const s={en:"Settings",ja:"設定"}'
const settings = 'import{a as e}from"./runtime.js";import{s}from"./strings.js";export default e'
const preview = 'export default 1'

describe('rendererJsSize', () => {
  const dir = renderer({
    'index.html': page('./assets/entry.js'),
    'assets/entry.js': entry,
    'assets/runtime.js': runtime,
    'assets/strings.js': strings,
    'assets/Settings.js': settings,
    'assets/Preview.js': preview,
    'assets/index.css': 'body{margin:0}',
    'assets/entry.js.map': '{"version":3}'
  })

  it('counts every chunk, each gzipped on its own, in the total the budget gates', () => {
    expect(rendererJsSize(dir).total).toEqual({
      files: 5,
      raw: raw(entry, runtime, strings, settings, preview),
      gzipped: gz(entry, runtime, strings, settings, preview)
    })
  })

  it('counts the page script and what it imports statically, at any depth and once, as the first screen', () => {
    expect(rendererJsSize(dir).firstScreen).toEqual({
      files: 3,
      raw: raw(entry, runtime, strings),
      gzipped: gz(entry, runtime, strings)
    })
  })

  it('leaves out chunks reached only by import() or named in a string', () => {
    const { firstScreen, total } = rendererJsSize(dir)
    expect(total.gzipped - firstScreen.gzipped).toBe(gz(settings, preview))
  })

  it('is the whole bundle when the page loads a single file', () => {
    const single = renderer({ 'index.html': page('./assets/index.js'), 'assets/index.js': runtime })
    const { firstScreen, total } = rendererJsSize(single)
    expect(firstScreen).toEqual(total)
    expect(total.files).toBe(1)
  })
})
