/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn and prints one Markdown table with the
 * machine it ran on, ready for BENCHMARKS.md.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Bench, Row } from './stats'

function machine(): string {
  let model = cpus()[0]?.model ?? 'unknown CPU'
  try {
    model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model
  } catch {
    // not Linux
  }
  return `${cpus().length} CPUs (${model}), Node ${process.version}, ${process.platform}`
}

const only = process.argv.slice(2)
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
const rows: Row[] = []
const started = performance.now()
for (const file of files) {
  const bench = (await import(pathToFileURL(join(import.meta.dirname, file)).href)).default as Bench
  process.stderr.write(`running ${bench.name}…\n`)
  const t = performance.now()
  rows.push(...(await bench.run()))
  process.stderr.write(`  ${((performance.now() - t) / 1000).toFixed(1)} s\n`)
}

console.log(`Machine: ${machine()}; total ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
console.log('| bench | metric | median | spread (min–max) | note |')
console.log('|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.bench} | ${r.metric} | ${r.value} | ${r.spread} | ${r.note ?? ''} |`)
