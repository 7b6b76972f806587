import { describe, expect, it } from 'vitest'
import { buildClientFromEnv, withBuildClient, type BuildClient } from '../../../src/main/core/auth/build-client'

const env = {
  ONAIR_BUILD_MEDIA_URL: 'https://media.example/',
  ONAIR_BUILD_CLIENT_ID: 'onair-desktop',
  ONAIR_BUILD_CLIENT_SECRET: 's3cret'
}

describe('the client a build carries, from the build environment', () => {
  it('none without the variables; the three together (a wiki address optional)', () => {
    expect(buildClientFromEnv({})).toBeNull()
    expect(buildClientFromEnv(env)).toEqual({
      mediaUrl: 'https://media.example',
      wikiUrl: '',
      clientId: 'onair-desktop',
      clientSecret: 's3cret'
    })
    expect(buildClientFromEnv({ ...env, ONAIR_BUILD_WIKI_URL: 'https://wiki.example' })?.wikiUrl).toBe(
      'https://wiki.example'
    )
  })

  it('a build given only part of it, or a plain-http remote address, fails instead of shipping it', () => {
    expect(() => buildClientFromEnv({ ONAIR_BUILD_CLIENT_ID: 'x' })).toThrow(
      /needs ONAIR_BUILD_MEDIA_URL, ONAIR_BUILD_CLIENT_SECRET too/
    )
    expect(() => buildClientFromEnv({ ...env, ONAIR_BUILD_MEDIA_URL: 'http://media.example' })).toThrow(/https/)
    expect(buildClientFromEnv({ ...env, ONAIR_BUILD_MEDIA_URL: 'http://127.0.0.1:8080' })?.mediaUrl).toBe(
      'http://127.0.0.1:8080'
    )
  })
})

describe('the services in use', () => {
  const client: BuildClient = { mediaUrl: 'https://media.example', wikiUrl: '', clientId: 'onair', clientSecret: 's' }
  const saved = { mediaUrl: '', wikiUrl: '', clientId: '', redirectPort: 0 }

  it("are the build's client while the user names no client of their own", () => {
    expect(withBuildClient(saved, client)).toEqual({ ...saved, mediaUrl: 'https://media.example', clientId: 'onair' })
    expect(withBuildClient({ ...saved, wikiUrl: 'https://wiki.example' }, client).wikiUrl).toBe('https://wiki.example')
    expect(withBuildClient(saved, undefined)).toEqual(saved)
  })

  it("are the user's own client, or any client at another address", () => {
    const own = { ...saved, mediaUrl: 'https://media.example', clientId: 'mine' }
    expect(withBuildClient(own, client)).toEqual(own)
    const elsewhere = { ...saved, mediaUrl: 'https://other.example' }
    expect(withBuildClient(elsewhere, client)).toEqual(elsewhere)
  })
})
