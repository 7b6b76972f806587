import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rendererJsSize } from '../../../scripts/renderer-budget'
import { tempDir } from '../../support/temp-dir'

/**
 * The budget step reads the built window this way: all of its JavaScript.
 * Checked on a small renderer folder laid out as Vite writes one.
 */
function renderer(files: Record<string, string>): string {
  const dir = tempDir('onair-renderer-size-')
  mkdirSync(join(dir, 'assets'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

const gz = (...texts: string[]) => texts.reduce((sum, t) => sum + gzipSync(t, { level: 9 }).length, 0)
const raw = (...texts: string[]) => texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0)

const entry = 'import{a as e}from"./runtime.js";const t=()=>import(`./Settings.js`)'
const runtime = 'export const a=(e,t)=>e().then(t)'

describe('rendererJsSize', () => {
  it('counts every chunk, each gzipped on its own, in the total the budget gates', () => {
    const dir = renderer({
      'assets/entry.js': entry,
      'assets/runtime.js': runtime,
      'assets/index.css': 'body{margin:0}',
      'assets/entry.js.map': '{"version":3}'
    })
    expect(rendererJsSize(dir)).toEqual({ files: 2, raw: raw(entry, runtime), gzipped: gz(entry, runtime) })
  })
})
