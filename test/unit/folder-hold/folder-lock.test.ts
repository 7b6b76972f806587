import { spawn, type ChildProcess } from 'node:child_process'
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { currentHolder, describeHolder, holdFolder } from '../../../src/main/core/folder-hold/folder-lock'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'

/** One reminder daemon per data folder. */
const folder = () => tempDir('onair-hold-')
const SINCE = Date.UTC(2026, 10, 22, 12)

const children: ChildProcess[] = []
/** Another process holding the folder (children/hold-folder.ts), once it says it holds it. */
async function daemonHolding(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'children/hold-folder.ts'), dir, String(SINCE)],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  children.push(child)
  const said = await new Promise<string>((res) => child.stdout!.once('data', (b: Buffer) => res(b.toString())))
  expect(said.trim()).toBe('held')
  return child
}
const ended = (child: ChildProcess) =>
  new Promise<void>((res) =>
    child.exitCode !== null || child.signalCode !== null ? res() : child.once('close', () => res())
  )

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGCONT')
    child.kill('SIGKILL')
    await ended(child)
  }
  closeFolderDatabases()
})

describe('holding the data folder', () => {
  it('a second holder is refused and told who holds it; after release it may hold', () => {
    const dir = folder()
    const first = holdFolder(dir, { face: 'cli', now: SINCE })
    expect(first.ok).toBe(true)
    const second = holdFolder(dir, { face: 'app', now: Date.UTC(2026, 10, 22, 13) })
    expect(second).toEqual({
      ok: false,
      holder: { host: hostname(), pid: process.pid, face: 'cli', startedAt: SINCE }
    })
    if (second.ok) return
    const text = describeHolder(second.holder)
    expect(text.en).toContain(
      `already served by "onair run" (pid ${process.pid} on ${hostname()}, since 2026-11-22T12:00:00.000Z)`
    )
    expect(text.ja).toContain(`pid ${process.pid}`)
    if (first.ok) first.hold.release()
    const third = holdFolder(dir, { face: 'app', now: Date.UTC(2026, 10, 22, 14) })
    expect(third.ok).toBe(true)
    expect(savedDocument(dir, 'holder')).toMatchObject({ holder: { face: 'app' } })
    if (third.ok) third.hold.release()
  })

  it('a holder killed outright (SIGKILL) is replaced at once: no stale time to wait out', async () => {
    const dir = folder()
    const daemon = await daemonHolding(dir)
    const refused = holdFolder(dir, { face: 'app', now: SINCE + 1 })
    expect(refused).toEqual({
      ok: false,
      holder: { host: hostname(), pid: daemon.pid, face: 'cli', startedAt: SINCE }
    })
    daemon.kill('SIGKILL')
    await ended(daemon)
    // The kernel released its lock with the process: the note it left is no longer believed.
    expect(currentHolder(dir)).toBeNull()
    const attempt = holdFolder(dir, { face: 'app', now: SINCE + 2 })
    expect(attempt.ok).toBe(true)
    expect(currentHolder(dir)).toMatchObject({ pid: process.pid, face: 'app' })
    if (attempt.ok) attempt.hold.release()
  })

  it('a live holder stopped for as long as it takes (SIGSTOP) is never taken over, and the refusal names it', async () => {
    const dir = folder()
    const daemon = await daemonHolding(dir)
    daemon.kill('SIGSTOP')
    const refused = holdFolder(dir, { face: 'app', now: SINCE + 60 * 60_000 })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(currentHolder(dir)).toMatchObject({ pid: daemon.pid, face: 'cli' })
    const text = describeHolder(refused.holder)
    expect(text.en).toContain(`already served by "onair run" (pid ${daemon.pid} on ${hostname()}`)
    expect(text.ja).toContain(`pid ${daemon.pid}`)
  })
})
