import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, resolveConfig } from '../../../src/main/core/config'
import { localeFromEnv } from '../../../src/main/core/locale'

describe('runtime config', () => {
  it('flags win over the environment; trailing slashes dropped; blank values ignored', () => {
    const c = resolveConfig(
      { mediaUrl: 'https://flag.example/', clientId: 'flag-id' },
      {
        ONAIR_MEDIA_URL: 'https://env.example',
        ONAIR_CLIENT_ID: 'env-id',
        ONAIR_WIKI_URL: ' ',
        ONAIR_DATA_DIR: '/d',
        ONAIR_REDIRECT_PORT: '8976'
      }
    )
    expect(c).toMatchObject({
      mediaUrl: 'https://flag.example',
      clientId: 'flag-id',
      wikiUrl: undefined,
      dataDir: '/d',
      redirectPort: 8976
    })
  })

  it('defaults the data folder to the OS config folder + onair', () => {
    const home = { XDG_CONFIG_HOME: '/x' }
    expect(resolveConfig({}, home, 'linux').dataDir).toBe(join('/x', 'onair'))
    expect(resolveConfig({ dataDir: ' ' }, { ...home, ONAIR_DATA_DIR: '/ignored' }, 'linux').dataDir).toBe(
      join('/x', 'onair')
    )
    expect(resolveConfig({}, { ...home, ONAIR_DATA_DIR: ' /d ' }, 'linux').dataDir).toBe('/d')
  })

  it('names what is wrong and where it came from, without echoing the value', () => {
    const bad = () => resolveConfig({}, { ONAIR_MEDIA_URL: 'ftp://secret-host', ONAIR_REDIRECT_PORT: 'abc' })
    expect(bad).toThrow(ConfigError)
    try {
      bad()
    } catch (e) {
      const msg = (e as ConfigError).userMessage
      expect(msg.en).toContain('ONAIR_MEDIA_URL must start with https://')
      expect(msg.en).toContain('ONAIR_REDIRECT_PORT')
      expect(msg.en).not.toContain('secret-host')
      expect(msg.ja).toContain('設定が正しくありません')
      expect(msg.ja).toContain('ONAIR_MEDIA_URL: https:// で始まるアドレスを入力してください')
      expect(msg.ja).toContain('ONAIR_REDIRECT_PORT: 1〜65535 の整数を指定してください')
    }
  })

  it('takes a port from 1 to 65535 and nothing else', () => {
    const port = (p: string) => () => resolveConfig({ port: p }, {}).redirectPort
    expect([port(' 8976 ')(), port('1')(), port('65535')()]).toEqual([8976, 1, 65535])
    for (const bad of ['0', '65536', '80.5', '-1', 'abc'])
      expect(port(bad), bad).toThrow('whole number from 1 to 65535')
  })

  it('takes https, and http only to this computer; refuses the rest without echoing it', () => {
    const media = (url: string) => () => resolveConfig({ mediaUrl: url }, {}).mediaUrl
    expect(media('https://media.example/api/')()).toBe('https://media.example/api')
    for (const loopback of ['http://127.0.0.1:8080', 'http://[::1]:8080', 'http://localhost:8080', 'http://LOCALHOST'])
      expect(media(loopback)).not.toThrow()
    for (const [url, why] of [
      ['http://media.example', 'http:// only for this computer'],
      ['http://127.0.0.1.example.net', 'http:// only for this computer'],
      ['file://host/share/', 'must start with https://'],
      ['ftp://x y', 'must not contain spaces'],
      ['https://user:hunter2@media.example', 'user name or password'],
      ['https://media.example/a b', 'must not contain spaces'],
      ['javascript:alert(1)', 'must start with https://']
    ] as const) {
      expect(media(url), url).toThrow(why)
      expect(media(url)).not.toThrow(/hunter2|media\.example/)
    }
  })

  it('sends a secret from the environment only to the address given with it', () => {
    const pairs = [
      [{ ONAIR_CLIENT_SECRET: 's' }, 'ONAIR_CLIENT_SECRET is sent only to the address given with it'],
      [{ ONAIR_WIKI_TOKEN: 't' }, 'ONAIR_WIKI_TOKEN is sent only to the address given with it']
    ] as const
    for (const [env, why] of pairs) expect(() => resolveConfig({}, env)).toThrow(why)
    const paired = resolveConfig(
      { mediaUrl: 'https://media.example' },
      { ONAIR_CLIENT_SECRET: 's', ONAIR_WIKI_URL: 'https://wiki.example', ONAIR_WIKI_TOKEN: 't' }
    )
    expect([paired.clientSecret?.reveal(), paired.wikiToken?.reveal()]).toEqual(['s', 't'])
  })

  it('speaks Japanese when LC_ALL or LANG starts with ja', () => {
    expect(localeFromEnv({ LANG: 'ja_JP.UTF-8' })).toBe('ja')
    expect(localeFromEnv({ LC_ALL: 'en_US.UTF-8', LANG: 'ja_JP.UTF-8' })).toBe('en')
    expect(localeFromEnv({})).toBe('en')
  })
})
