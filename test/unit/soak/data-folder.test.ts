import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FAILURES_DIR, soakFolder } from '../../../scripts/soak/data-folder'
import { tempDir } from '../../support/temp-dir'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { savedDocument, saveDocumentBody } from '../../support/saved-documents'

/** A failed soak's data folder must outlive the temp dir `npm test` deletes; a clean one leaves nothing. */
describe('the soak data folder', () => {
  afterEach(() => closeFolderDatabases())

  const folders = () => {
    const under = tempDir('onair-soak-tmp-')
    const keepIn = join(tempDir('onair-soak-kept-'), '.soak-failures')
    return { under, keepIn }
  }

  it('a failed run: the folder is copied out of the temp dir with everything in it, and the path returned', () => {
    const { under, keepIn } = folders()
    const run = soakFolder({ under, keepIn })
    // The data folder's database as a run leaves it: a row still in the write-ahead log, the connection open.
    saveDocumentBody(run.dataDir, 'outbox', '{"entries":[1]}')
    const kept = run.finish(true)
    expect(kept).not.toBeNull()
    expect(relative(keepIn, kept!)).not.toMatch(/^\.\./)
    closeFolderDatabases()
    expect(savedDocument(kept!, 'outbox')).toEqual({ entries: [1] })
    expect(readdirSync(under)).toEqual([])
    // A second failure beside it gets a folder of its own.
    const again = soakFolder({ under, keepIn }).finish(true)
    expect(dirname(again!)).not.toBe(dirname(kept!))
    expect(readdirSync(keepIn)).toHaveLength(2)
  })

  it('a clean run leaves nothing, here or there', () => {
    const { under, keepIn } = folders()
    const run = soakFolder({ under, keepIn })
    saveDocumentBody(run.dataDir, 'outbox', '{}')
    closeFolderDatabases()
    expect(run.finish(false)).toBeNull()
    expect(readdirSync(under)).toEqual([])
    expect(existsSync(keepIn)).toBe(false)
  })

  it('keeps failures in the repository, outside any temp dir, in a folder git ignores', () => {
    const root = join(import.meta.dirname, '../../..')
    expect(FAILURES_DIR).toBe(join(root, '.soak-failures'))
    expect(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')).toContain('.soak-failures/')
  })
})
