import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, defaultDataDir, resolveConfig } from '../../../src/main/core/config'
import { localeFromEnv } from '../../../src/main/core/locale'

describe('runtime config', () => {
  it('flags win over the environment; trailing slashes dropped; blank values ignored', () => {
    const c = resolveConfig(
      { mediaUrl: 'http://flag.example/', clientId: 'flag-id' },
      {
        ONAIR_MEDIA_URL: 'http://env.example',
        ONAIR_CLIENT_ID: 'env-id',
        ONAIR_WIKI_URL: ' ',
        ONAIR_DATA_DIR: '/d',
        ONAIR_REDIRECT_PORT: '8976'
      }
    )
    expect(c).toMatchObject({
      mediaUrl: 'http://flag.example',
      clientId: 'flag-id',
      wikiUrl: undefined,
      dataDir: '/d',
      redirectPort: 8976
    })
  })

  it('defaults the data folder to the OS config folder + onair', () => {
    expect(defaultDataDir({}, 'linux', '/home/u')).toBe(join('/home/u', '.config', 'onair'))
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toBe(join('/x', 'onair'))
    expect(defaultDataDir({}, 'darwin', '/Users/u')).toBe(join('/Users/u', 'Library', 'Application Support', 'onair'))
    expect(defaultDataDir({ APPDATA: 'C:\\AppData' }, 'win32', 'C:\\u')).toBe(join('C:\\AppData', 'onair'))
  })

  it('names what is wrong and where it came from, without echoing the value', () => {
    const bad = () => resolveConfig({}, { ONAIR_MEDIA_URL: 'ftp://secret-host', ONAIR_REDIRECT_PORT: 'abc' })
    expect(bad).toThrow(ConfigError)
    try {
      bad()
    } catch (e) {
      const msg = (e as ConfigError).userMessage
      expect(msg.en).toContain('ONAIR_MEDIA_URL must be an http:// or https:// address')
      expect(msg.en).toContain('ONAIR_REDIRECT_PORT')
      expect(msg.en).not.toContain('secret-host')
      expect(msg.ja).toContain('設定が正しくありません')
    }
  })

  it('speaks Japanese when LC_ALL or LANG starts with ja', () => {
    expect(localeFromEnv({ LANG: 'ja_JP.UTF-8' })).toBe('ja')
    expect(localeFromEnv({ LC_ALL: 'en_US.UTF-8', LANG: 'ja_JP.UTF-8' })).toBe('en')
    expect(localeFromEnv({})).toBe('en')
  })
})
