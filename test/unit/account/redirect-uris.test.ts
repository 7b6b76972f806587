import { describe, expect, it } from 'vitest'
import { CALLBACK_PATH } from '../../../src/main/core/auth/loopback'
import { OOB_REDIRECT_URI } from '../../../src/main/core/media/oauth'
import { REDIRECT_URIS } from '../../../src/renderer/src/views/onboarding/redirect-uris'

describe('redirect URIs shown during set-up', () => {
  it('are the ones the core sends (the loopback port is ignored by the service on 127.0.0.1)', () => {
    expect(REDIRECT_URIS).toEqual([`http://127.0.0.1${CALLBACK_PATH}`, OOB_REDIRECT_URI])
  })
})
