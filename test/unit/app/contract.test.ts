import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { commandNames, commands, eventNames, events } from '../../../src/shared/contract'
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/csp'
import { setup } from './helpers'

describe('contract', () => {
  it('lists exactly the commands and events that have schemas (the preload relies on the lists)', () => {
    expect([...commandNames].sort()).toEqual(Object.keys(commands).sort())
    expect([...eventNames].sort()).toEqual(Object.keys(events).sort())
  })

  it('names every command and event "<concern>:<name>"', () => {
    for (const name of [...commandNames, ...eventNames]) expect(name).toMatch(/^[a-z]+:[a-zA-Z]+$/)
  })

  it('validates pushed events before anyone sees them', () => {
    const { core } = setup()
    const listener = vi.fn()
    const unsubscribe = core.events.subscribe(listener)
    const notice = { level: 'info', message: { en: 'Hi', ja: 'こんにちは' } } as const
    core.events.emit('app:notice', notice)
    expect(listener).toHaveBeenCalledWith('app:notice', notice)
    expect(() => core.events.emit('app:notice', { level: 'loud' } as never)).toThrow()
    unsubscribe()
    core.events.emit('app:notice', notice)
    expect(listener).toHaveBeenCalledTimes(1)
  })
})

describe('CSP', () => {
  it('index.html carries the same policy as the header the shell sends', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8')
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY)
  })

  it('names no remote origin: images come from the main process as data', () => {
    const sources = CONTENT_SECURITY_POLICY.split(';').flatMap((d) => d.trim().split(/\s+/).slice(1))
    expect(new Set(sources)).toEqual(new Set(["'self'", "'none'", 'data:', 'blob:']))
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' data: blob:;")
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self';")
  })

  it('allows no inline or eval script', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/)
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
  })
})
