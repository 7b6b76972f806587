import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { dataDirProblem } from '../../../src/main/core/store/data-dir'
import { chooseDataDir } from '../../../src/main/shell/paths'
import { fakeIo } from '../../support/fake-io'
import { tempDir } from '../../support/temp-dir'
import { resetElectron } from './electron-double'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/**
 * The data folder keeps the sign-in: the app and the command line make it and accept it the
 * same way, only the user's own and writable by no one else.
 */
let folder: string
beforeEach(() => {
  folder = tempDir('onair-data-folder-')
  resetElectron({ appPath: folder, folder })
})

const modeOf = (dir: string) => statSync(dir).mode & 0o777
const config = (dir: string) => runCli(['config', 'get', 'inbox.notify'], fakeIo({ ONAIR_DATA_DIR: dir }))

describe('the data folder', () => {
  it('the app makes a named folder, and its default one, 0700 like the command line', () => {
    const named = join(folder, 'named', 'data')
    expect(chooseDataDir({ ONAIR_DATA_DIR: named })).toBe(named)
    expect(modeOf(named)).toBe(0o700)
    expect(chooseDataDir({})).toBe(join(folder, 'appData', 'onair'))
    expect(modeOf(join(folder, 'appData', 'onair'))).toBe(0o700)
  })

  it('one others can write to is refused by both, in English and Japanese, and left as it was', async () => {
    const shared = join(folder, 'shared')
    mkdirSync(shared)
    writeFileSync(join(shared, 'settings.json'), '{}')
    chmodSync(shared, 0o777)
    expect(() => chooseDataDir({ ONAIR_DATA_DIR: shared })).toThrow(
      /Other users can change the data folder .*shared \(mode 0777\)[^]*他のユーザーも変更できます/
    )
    const io = fakeIo({ ONAIR_DATA_DIR: shared })
    expect(await runCli(['config', 'get', 'inbox.notify'], io)).toBe(2)
    expect(io.stderr.join('\n')).toContain(`run "chmod go-w ${shared}"`)
    const ja = fakeIo({ ONAIR_DATA_DIR: shared, LANG: 'ja_JP.UTF-8' })
    expect(await runCli(['config', 'get', 'inbox.notify'], ja)).toBe(2)
    expect(ja.stderr.join('\n')).toContain('他のユーザーも変更できます（モード 0777）')
    expect(modeOf(shared)).toBe(0o777)
    expect(readFileSync(join(shared, 'settings.json'), 'utf8')).toBe('{}')
    // Once only its owner may write to it, it is used as it is (0755 is the user's own choice).
    chmodSync(shared, 0o755)
    expect(await config(shared)).toBe(0)
    expect(chooseDataDir({ ONAIR_DATA_DIR: shared })).toBe(shared)
  })

  it('one that belongs to another user is refused, and a file is not a folder', () => {
    const dir = join(folder, 'theirs')
    mkdirSync(dir, { mode: 0o700 })
    const theirs = dataDirProblem(dir, statSync(dir).uid + 1)
    expect(theirs?.en).toContain(`The data folder ${dir} belongs to another user`)
    expect(theirs?.ja).toContain('別のユーザー')
    expect(dataDirProblem(dir, statSync(dir).uid)).toBeUndefined()
    writeFileSync(join(folder, 'file'), '')
    expect(dataDirProblem(join(folder, 'file'))?.en).toContain('is a file, not a folder')
  })
})
