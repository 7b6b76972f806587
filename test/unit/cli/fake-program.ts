import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What one run of a fake program received. */
export interface ProgramCall {
  argv: string[]
  env: Record<string, string>
}

/**
 * A stand-in for a program Onair starts (notify-send, xdg-open): an executable named `name` in
 * `binDir` (put it first on PATH) that records each run's arguments and environment as it
 * received them, and does nothing else.
 */
export function fakeProgram(binDir: string, name: string): { calls(): ProgramCall[] } {
  const record = join(binDir, `${name}.calls`)
  mkdirSync(record, { recursive: true })
  const script = join(binDir, name)
  writeFileSync(
    script,
    `#!${process.execPath}
const { writeFileSync } = require('node:fs')
const { join } = require('node:path')
const call = { argv: process.argv.slice(2), env: process.env }
writeFileSync(join(${JSON.stringify(record)}, process.pid + '.json'), JSON.stringify(call))
`
  )
  chmodSync(script, 0o755)
  return {
    calls: () => readdirSync(record).map((file) => JSON.parse(readFileSync(join(record, file), 'utf8')) as ProgramCall)
  }
}
