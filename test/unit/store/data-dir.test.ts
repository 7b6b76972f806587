import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appDataDir, dataDirFor } from '../../../src/main/core/store/data-dir'

describe('the data folder (one decision for the app and the command line)', () => {
  it('is the folder the user named, trimmed', () => {
    expect(dataDirFor(' /my/data ', '/appdata')).toBe('/my/data')
  })

  it('is `onair` in the app-data folder when none is named, or only blanks', () => {
    expect(dataDirFor(undefined, '/appdata')).toBe(join('/appdata', 'onair'))
    expect(dataDirFor('  ', '/appdata')).toBe(join('/appdata', 'onair'))
  })

  it("finds the OS's app-data folder where Electron's app.getPath('appData') does", () => {
    expect(appDataDir({}, 'linux', '/home/u')).toBe(join('/home/u', '.config'))
    expect(appDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toBe('/x')
    expect(appDataDir({}, 'darwin', '/Users/u')).toBe(join('/Users/u', 'Library', 'Application Support'))
    expect(appDataDir({ APPDATA: 'C:\\AppData' }, 'win32', 'C:\\u')).toBe('C:\\AppData')
    expect(appDataDir({}, 'win32', 'C:\\u')).toBe(join('C:\\u', 'AppData', 'Roaming'))
  })
})
