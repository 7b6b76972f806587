/**
 * No import cycles in src/ or scripts/, type-only imports included: a cycle means two files each
 * need the other, so neither can be read, tested or moved alone. ESLint's cycle rules skip
 * `import type`, and the cycles that crept in were type-only, so this walks the graph itself with
 * TypeScript's own parser and resolver (static imports, `import type`, `import('…')`, re-exports).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true }

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(root, dir, f))
}

/** The project's files a file imports (Svelte components are not followed; eslint.config.js keeps views apart). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  return importedFiles
    .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule)
    .filter((m) => m !== undefined && !m.isExternalLibraryImport)
    .map((m) => m!.resolvedFileName)
}

/** Each cycle once, as the files around it (depth-first: a file met again while still open). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = []
  const done = new Set<string>()
  const open: string[] = []
  const visit = (file: string) => {
    if (done.has(file)) return
    const at = open.indexOf(file)
    if (at >= 0) return void found.push(open.slice(at))
    open.push(file)
    for (const next of graph.get(file) ?? []) visit(next)
    open.pop()
    done.add(file)
  }
  for (const file of graph.keys()) visit(file)
  return found
}

describe('import cycles', () => {
  it('finds a two-file cycle and a longer one, and none in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['a', 'c']]
    ])
    expect(cycles(graph)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e']
    ])
    expect(cycles(new Map([['a', ['b', 'c']], ['b', ['c']]]))).toEqual([])
  })

  it('sees a type-only import as an import', () => {
    const file = join(root, 'scripts/soak/notices.ts')
    expect(importsOf(file)).toContain(join(root, 'scripts/soak/tally.ts'))
  })

  it('src/ and scripts/ have none', () => {
    const files = [...sources('src'), ...sources('scripts')]
    const graph = new Map(files.map((f) => [f, importsOf(f)]))
    expect(cycles(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([])
  })
})
