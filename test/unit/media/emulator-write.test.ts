import { afterEach, describe, expect, it } from 'vitest'
import type { ApiError } from '../../../src/main/core/http/errors'
import { USER_ID, OTHER_USER_ID, type Emulator } from '../../emulator'
import { emulated, MODES } from './emulated'

async function failure(p: Promise<unknown>): Promise<ApiError> {
  return p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as ApiError
  )
}

describe.each(MODES)('writing to the emulator ($name mode)', ({ quirks }) => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
  })

  it('creates, edits and deletes a record', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const created = await t.client.createRecord({ episodeId: 105, comment: 'first', rating: 4.5 })
    expect(created).toMatchObject({ comment: 'first', rating: 4.5 })
    expect(created.episode?.id).toBe(105)
    expect(created.created_at).toMatch(/\.\d{3}Z$/)
    const row = t.emu.media.records.find((r) => r.id === created.id)
    expect(row).toMatchObject({ userId: USER_ID, episodeId: 105, shareMicroblog: false, shareSocialnet: false })

    const edited = await t.client.updateRecord(created.id, { comment: 'first, then more' })
    expect(edited).toMatchObject({ comment: 'first, then more' })
    expect(t.emu.media.records.find((r) => r.id === created.id)?.comment).toBe('first, then more')

    await t.client.deleteRecord(created.id)
    expect(t.emu.media.records.some((r) => r.id === created.id)).toBe(false)
    expect(t.emu.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      `POST ${quirks ? 200 : 201}`,
      'PATCH 200',
      'DELETE 204'
    ])
  })

  it('recording an episode hides its program from the unwatched list', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const before = await t.client.listPrograms({ unwatched: true, ids: [9] })
    expect(before.items.map((p) => p.id)).toEqual([9])
    await t.client.createRecord({ episodeId: before.items[0]!.episode!.id! })
    const after = await t.client.listPrograms({ unwatched: true, ids: [9] })
    expect(after.items).toEqual([])
  })

  it('sets a status (204), which brings the work programs into the list', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    expect((await t.client.listPrograms({ ids: [13] })).items).toEqual([])
    await t.client.setStatus(9, 'watching')
    expect(t.emu.media.statusOf(USER_ID, 9)).toBe('watching')
    expect((await t.client.listPrograms({ ids: [13] })).items.map((p) => p.id)).toEqual([13])
    await t.client.setStatus(9, 'no_select')
    expect(t.emu.media.statusOf(USER_ID, 9)).toBe('no_select')
  })

  it('maps 403 (read-only token) to scope and writes nothing', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    t.session.token = t.emu.tokens.read
    const count = t.emu.media.records.length
    expect(await failure(t.client.createRecord({ episodeId: 105 }))).toMatchObject({ kind: 'scope', status: 403 })
    expect(await failure(t.client.setStatus(9, 'watching'))).toMatchObject({ kind: 'scope' })
    expect(t.emu.media.records).toHaveLength(count)
  })

  it('maps 404 (another user record, unknown episode) to not_found with the service message', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const theirs = t.emu.media.records.find((r) => r.userId === OTHER_USER_ID)!
    const e = await failure(t.client.updateRecord(theirs.id, { comment: 'mine now' }))
    expect(e).toMatchObject({ kind: 'not_found', status: 404 })
    expect(e.serviceMessages.length).toBe(1)
    expect(theirs.comment).not.toBe('mine now')
    expect(await failure(t.client.deleteRecord(theirs.id))).toMatchObject({ kind: 'not_found' })
    expect(await failure(t.client.createRecord({ episodeId: 999_999 }))).toMatchObject({ kind: 'not_found' })
  })
})

describe.each(MODES)('OAuth against the emulator ($name mode)', ({ quirks }) => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
  })

  it('authorizes, exchanges the code, reads token info, revokes', async () => {
    const t = await emulated({ quirks, autoApprove: true })
    emu = t.emu
    const redirectUri = 'http://127.0.0.1:53123/callback'
    const url = t.client.authorizeUrl({
      clientId: t.emu.client.id,
      redirectUri,
      scope: ['read', 'write'],
      state: 'st4te',
      codeChallenge: 'abc'
    })
    const res = await fetch(url, { redirect: 'manual' })
    const back = new URL(res.headers.get('location')!)
    expect(back.searchParams.get('state')).toBe('st4te')
    const code = back.searchParams.get('code')!

    const creds = { clientId: t.emu.client.id, clientSecret: t.emu.client.secret }
    const token = await t.client.exchangeCode({ ...creds, redirectUri, code })
    expect(token.scopes).toEqual(['read', 'write'])
    const info = await t.client.tokenInfo(token.accessToken)
    expect(info).toEqual({
      resourceOwnerId: USER_ID,
      scopes: ['read', 'write'],
      expiresInSeconds: null,
      applicationUid: t.emu.client.id
    })

    const reused = await failure(t.client.exchangeCode({ ...creds, redirectUri, code }))
    expect(reused.kind).toBe('invalid_params')
    expect(reused.serviceMessages[0]).toMatch(/invalid/)

    await t.client.revoke({ ...creds, token: token.accessToken })
    expect(await failure(t.client.tokenInfo(token.accessToken))).toMatchObject({ kind: 'auth', status: 401 })
    // Revoking again is not an error: the service answers 200 {} for unknown tokens.
    t.session.token = t.emu.tokens.readWrite
    await t.client.revoke({ ...creds, token: 'never-issued' })
  })

  it('refuses a wrong client secret as auth', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const e = await failure(
      t.client.exchangeCode({
        clientId: t.emu.client.id,
        clientSecret: 'nope',
        redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
        code: 'x'
      })
    )
    expect(e).toMatchObject({ kind: 'auth', status: 401 })
  })
})
