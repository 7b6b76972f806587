/**
 * Compile-time guarantees of the contract, checked by `tsc -p tsconfig.node.json` (the
 * `@ts-expect-error` lines fail the type-check if the error they expect ever disappears).
 */
import { describe, expectTypeOf, it } from 'vitest'
import type { CommandInput, CommandOutput, Handlers, OnairApi } from '../../../src/shared/contract'

describe('contract types', () => {
  it('derives inputs and outputs from the schemas', () => {
    expectTypeOf<CommandInput<'app:openExternal'>>().toEqualTypeOf<{ url: string }>()
    expectTypeOf<CommandOutput<'app:info'>>().toEqualTypeOf<{
      name: string
      version: string
      platform: string
      locale: string
    }>()
  })

  it('rejects wrong names, inputs and handler shapes', () => {
    const api = null as unknown as OnairApi
    const typeOnly = (): void => {
      void api.invoke('app:info')
      void api.invoke('app:openExternal', { url: 'https://a.test/' })
      // @ts-expect-error unknown command
      void api.invoke('app:nope')
      // @ts-expect-error missing input
      void api.invoke('app:openExternal')
      // @ts-expect-error wrong input shape
      void api.invoke('app:openExternal', { href: 'https://a.test/' })
      // @ts-expect-error unknown event
      api.on('app:nope', () => {})
      api.on('app:notice', (notice) => expectTypeOf(notice.message.ja).toBeString())
    }
    expectTypeOf(typeOnly).toBeFunction()
    const info = async () => ({ name: 'a', version: '1', platform: 'p', locale: 'en' })
    // @ts-expect-error a handler is missing
    const partial: Handlers = { 'app:info': info }
    expectTypeOf(partial).toBeObject()
  })
})
