import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LINK_REFUSED, linkAction, linkRequest, NOT_IN_SCHEDULE } from '../../../src/main/core/links'
import { onairLink, parseOnairLink } from '../../../src/shared/onair-link'
import { BASE, MIN, program } from '../programs/fixtures'

describe('onair:// links (parser)', () => {
  it('reads the two forms, any case of the scheme, one trailing slash', () => {
    expect(parseOnairLink('onair://program/123')).toEqual({ kind: 'program', id: 123 })
    expect(parseOnairLink('onair://work/9')).toEqual({ kind: 'work', id: 9 })
    expect(parseOnairLink('ONAIR://program/5/')).toEqual({ kind: 'program', id: 5 })
    expect(parseOnairLink(`onair://work/${2 ** 31 - 1}`)).toEqual({ kind: 'work', id: 2 ** 31 - 1 })
  })

  it.each([
    ['another scheme', 'https://program/1'],
    ['a look-alike scheme', 'onair2://program/1'],
    ['no slashes', 'onair:program/1'],
    ['another kind', 'onair://settings/1'],
    ['the kind in capitals', 'onair://PROGRAM/1'],
    ['no id', 'onair://program/'],
    ['id zero', 'onair://program/0'],
    ['a leading zero', 'onair://program/01'],
    ['a negative id', 'onair://program/-1'],
    ['a fraction', 'onair://program/1.5'],
    ['an exponent', 'onair://program/1e3'],
    ['hex', 'onair://program/0x10'],
    ['an id past 32 bits', `onair://program/${2 ** 31}`],
    ['a huge id', `onair://program/${'9'.repeat(400)}`],
    ['a second segment', 'onair://program/1/2'],
    ['dot segments', 'onair://program/../work/1'],
    ['an encoded slash', 'onair://program%2F1'],
    ['an encoded digit', 'onair://program/%31'],
    ['an encoded dot', 'onair://program/1%2e'],
    ['a backslash', 'onair://program\\1'],
    ['a query', 'onair://program/1?then=https://evil.example'],
    ['a fragment', 'onair://program/1#x'],
    ['user info', 'onair://me@program/1'],
    ['a port', 'onair://program:80/1'],
    ['leading blank', ' onair://program/1'],
    ['trailing newline', 'onair://program/1\n'],
    ['a NUL', 'onair://program/1\u0000'],
    ['full-width digits', 'onair://program/１'],
    ['two links in one', 'onair://program/1 onair://work/2'],
    ['empty', '']
  ])('refuses %s', (_name, text) => {
    expect(parseOnairLink(text)).toBeNull()
  })

  it('property: every link Onair makes reads back as itself; other text is refused or is one of them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('program', 'work') as fc.Arbitrary<'program' | 'work'>,
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (kind, id) => {
          expect(parseOnairLink(onairLink(kind, id))).toEqual({ kind, id })
        }
      )
    )
    // Text near the accepted forms: whatever is accepted names exactly one link Onair would make.
    const nearLinks = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }).map((tail) => `onair://${tail}`),
      fc.stringMatching(/^onair:\/\/(program|work)\/.{0,12}$/)
    )
    fc.assert(
      fc.property(nearLinks, (text) => {
        const link = parseOnairLink(text)
        if (link) expect(text.replace(/\/$/, '')).toBe(onairLink(link.kind, link.id))
      })
    )
  })
})

describe('onair:// links among a launch’s arguments', () => {
  const electron = ['/opt/Onair/onair', '--no-sandbox', '--original-process-start-time=1']

  it('none without an onair: argument; the link wherever it stands', () => {
    expect(linkRequest(electron)).toEqual({ kind: 'none' })
    expect(linkRequest([...electron, 'onair://work/7'])).toEqual({ kind: 'link', link: { kind: 'work', id: 7 } })
    expect(linkRequest(['onair://program/3', ...electron])).toEqual({ kind: 'link', link: { kind: 'program', id: 3 } })
  })

  it('refuses a bad link out loud, and several at once even when each alone would do', () => {
    const refused = { kind: 'refused', message: LINK_REFUSED }
    expect(linkRequest([...electron, 'OnAir:evil'])).toEqual(refused)
    expect(linkRequest([...electron, 'onair://program/1', 'onair://work/2'])).toEqual(refused)
    expect(linkRequest([...electron, 'onair://program/1', 'onair://program/1'])).toEqual(refused)
    // A flag that carries a link is not a link: Electron passes the link as an argument of its own.
    expect(linkRequest([...electron, '--x=onair://program/1'])).toEqual({ kind: 'none' })
  })

  it('says the refusal in both languages', () => {
    expect(LINK_REFUSED.en).toMatch(/onair:\/\/program/)
    expect(LINK_REFUSED.ja).toMatch(/onair:\/\/program/)
  })
})

describe('where a link leads', () => {
  const input = (programs: ReturnType<typeof program>[], mediaUrl = 'https://media.example') => ({
    programs,
    now: BASE,
    durationMinutes: 30,
    mediaUrl
  })
  const ended = program(1, BASE - 60 * MIN, { workId: 50 })
  const onAir = program(2, BASE - 10 * MIN, { workId: 50 })
  const next = program(3, BASE + 60 * MIN, { workId: 50 })

  it('a program: its quick record when the schedule holds it, else the schedule and why', () => {
    expect(linkAction({ kind: 'program', id: 3 }, input([ended, onAir, next]))).toEqual({
      kind: 'program',
      programId: 3
    })
    expect(linkAction({ kind: 'program', id: 4 }, input([ended, onAir, next]))).toEqual({
      kind: 'notice',
      message: NOT_IN_SCHEDULE
    })
  })

  it('a work: its broadcast on air, else the next, else the latest; else its page on the service', () => {
    expect(linkAction({ kind: 'work', id: 50 }, input([ended, onAir, next]))).toEqual({ kind: 'program', programId: 2 })
    expect(linkAction({ kind: 'work', id: 50 }, input([ended, next]))).toEqual({ kind: 'program', programId: 3 })
    expect(linkAction({ kind: 'work', id: 50 }, input([ended]))).toEqual({ kind: 'program', programId: 1 })
    expect(linkAction({ kind: 'work', id: 60 }, input([ended]))).toEqual({
      kind: 'web',
      url: 'https://media.example/works/60'
    })
    // Without a web address of the service (not signed in), only the notice remains.
    expect(linkAction({ kind: 'work', id: 60 }, input([], ''))).toEqual({ kind: 'notice', message: NOT_IN_SCHEDULE })
  })
})
