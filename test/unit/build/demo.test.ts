/**
 * `npm run demo:headless`, the first thing a newcomer runs, signs in the way Onair tells its users
 * to (the token on standard input), so it shows none of the warning the command gives a token on
 * the command line. Run as the newcomer runs it, stopped with Ctrl-C once `onair run` starts.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

it('the headless demo signs in without the token-on-the-command-line warning', async () => {
  const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--headless'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const closed = new Promise<number | null>((res) => demo.on('close', res))
  const onLine = (b: Buffer) => {
    output += b.toString()
    // Stopped as a user stops it; the demo then removes its data folder itself.
    if (output.includes('starting `onair run`')) demo.kill('SIGINT')
  }
  demo.stdout.on('data', onLine)
  demo.stderr.on('data', onLine)
  expect(await closed).toBe(0)
  expect(output).toContain('starting `onair run`')
  expect(output).not.toContain('command line can be read')
  expect(output).not.toContain('コマンドラインに書いたトークン')
}, 60_000)
