import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { sessionFileStore } from '../../../src/main/core/auth/session-store'
import { fileSecrets } from '../../../src/main/core/auth/file-secrets'
import { feedFileStore } from '../../../src/main/core/calendar/address'
import { catchUpFileStore, emptyCatchUp } from '../../../src/main/core/catch-up/file'
import { emptyInbox, inboxFileStore } from '../../../src/main/core/inbox/store'
import { webhookSecretFile } from '../../../src/main/core/inbox/webhook-secret'
import { outboxFileStore } from '../../../src/main/core/records/store'
import { historyFile, ledgerFile, premieresFile, snoozesFile } from '../../../src/main/core/reminders/files'
import { emptySchedule, scheduleFileStore } from '../../../src/main/core/programs/schedule-file'
import { DATA_FILES, DOCUMENTS, personalDocuments, type DocumentName } from '../../../src/main/core/store/data-files'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { documentBody } from '../../../src/main/core/store/document'
import { oncePerCopy } from '../../../src/main/shell/desktop-entry'
import { holdFolder } from '../../../src/main/core/folder-hold/folder-lock'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { tempDir } from '../../support/temp-dir'
import { program } from '../programs/fixtures'

vi.mock('electron', () => import('../shell/electron-double').then((m) => m.electronModule))

describe('the data folder table', () => {
  it('lists everything the stores write: each store run once in one folder leaves exactly the tables', async () => {
    const dir = tempDir('onair-data-files-')
    const now = Date.UTC(2026, 2, 28, 12)
    const first = program(1, now + 3_600_000)
    settingsFileStore(dir).write(settingsFileStore(dir).read())
    sessionFileStore(dir).write({ session: null })
    // The plain file, as chosen where no credential store is reachable.
    const secrets = fileSecrets(dir)
    await secrets.set('wikiToken', { value: 'token' })
    await webhookSecretFile(dir, secrets, 'cli').get()
    feedFileStore(dir).write({})
    scheduleFileStore(dir).write(emptySchedule())
    catchUpFileStore(dir).write(emptyCatchUp())
    ledgerFile(dir).markServed(now)
    snoozesFile(dir).add({ key: 'k', programId: 1, startedAt: first.startedAt, offsetMinutes: 5 }, now)
    historyFile(dir).add([{ at: now, outcome: 'opened', reminders: [] }], now)
    premieresFile(dir).claim([first], now)
    inboxFileStore(dir).write(emptyInbox())
    outboxFileStore(dir).write({ version: 1, entries: [], recent: [] })
    oncePerCopy(dir, '/home/me/Onair.AppImage', () => {})
    const held = holdFolder(dir, { face: 'cli', now })
    if (!held.ok) throw new Error('the folder was held')
    // Every document of the table is a row of the database, and no store keeps one elsewhere.
    const documents = Object.keys(DOCUMENTS) as DocumentName[]
    expect(documents.filter((name) => documentBody(dir, name) === undefined)).toEqual([])
    held.hold.release()
    closeFolderDatabases()
    const table = Object.values(DATA_FILES).map((f) => f.name)
    // No lock, journal or temporary file is left beside them once the processes are done.
    expect(readdirSync(dir).sort()).toEqual(table.sort())
  })

  it('names each file once', () => {
    const names = Object.values(DATA_FILES).map((f) => f.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('signing out deletes the personal documents, the outbox only when asked, and keeps settings and sign-in', () => {
    const names = (discard: boolean) => personalDocuments(discard).sort()
    expect(names(false)).toEqual(['catchUp', 'history', 'inbox', 'ledger', 'premieres', 'schedule', 'snoozes'])
    expect(names(true)).toEqual([...names(false), 'outbox'].sort())
  })

  it('is where the stores get their names: no file of the table is named elsewhere in src/main', async () => {
    const { execFileSync } = await import('node:child_process')
    const files = execFileSync('git', ['ls-files', 'src/main'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts'))
    const named = files.filter((f) => {
      if (f.endsWith('store/data-files.ts')) return false
      const code = readFileSync(f, 'utf8')
      return Object.values(DATA_FILES).some((d) => code.includes(`'${d.name}'`))
    })
    expect(named).toEqual([])
  })

  it('no file in src/main joins a name into the data folder itself: dataFile does', async () => {
    const { execFileSync } = await import('node:child_process')
    const joining = execFileSync('git', ['ls-files', 'src/main'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts') && !f.endsWith('store/data-files.ts'))
      .filter((f) => /join\((\w+\.)?(dataDir|userData),/.test(readFileSync(f, 'utf8')))
    expect(joining).toEqual([])
  })
})
