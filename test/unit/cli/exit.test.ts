import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { ABANDONED } from '../../../src/main/cli/exit'

/**
 * The last line of defence: a command whose promise is still pending when the event
 * loop empties (nothing holds it any more) must not end as a silent exit 0. A real process is the
 * only place an emptied event loop can be observed.
 */
const EXIT_MODULE = pathToFileURL(resolve(import.meta.dirname, '../../../src/main/cli/exit.ts')).href

function node(script: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()))
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
  return new Promise<{ code: number; stdout: string; stderr: string }>((res) =>
    child.on('close', (code) => res({ code: code ?? -1, stdout, stderr }))
  )
}

const io = `{ err: (l) => process.stderr.write(l + '\\n') }`

it.concurrent(
  'a command left pending by an emptied event loop ends with exit 1 and says so, in Japanese too',
  async () => {
    const [en, ja] = await Promise.all([
      node(`import { exitWhenSettled } from '${EXIT_MODULE}'; exitWhenSettled(new Promise(() => {}), ${io}, 'en')`),
      node(`import { exitWhenSettled } from '${EXIT_MODULE}'; exitWhenSettled(new Promise(() => {}), ${io}, 'ja')`)
    ])
    expect(en).toEqual({ code: 1, stdout: '', stderr: `${ABANDONED.en}\n` })
    expect(ja).toEqual({ code: 1, stdout: '', stderr: `${ABANDONED.ja}\n` })
  }
)

it.concurrent('a settled command exits with its code at once, although a timer is still pending', async () => {
  const started = Date.now()
  const r = await node(
    `import { exitWhenSettled } from '${EXIT_MODULE}'
     setTimeout(() => {}, 60_000)
     exitWhenSettled(new Promise((res) => setTimeout(() => { process.stdout.write('done\\n'); res(2) }, 10)), ${io}, 'en')`
  )
  expect(r).toEqual({ code: 2, stdout: 'done\n', stderr: '' })
  expect(Date.now() - started).toBeLessThan(30_000)
})
