import { describe, expect, it } from 'vitest'
import { articlePath, articleRefFromUrl, articleRefOf } from '../../../src/main/core/wiki/paths'
import { Article, DateTime, Notification, dateTimeMs } from '../../../src/main/core/wiki/schemas'

describe('wiki schemas', () => {
  it('accepts date-times with offsets in the forms seen, and refuses the rest', () => {
    for (const s of [
      '2016-07-01T12:59:59+09:00',
      '2016-07-01T12:59:59.123+09:00',
      '2016-07-01T03:59:59Z',
      '2016-07-01T12:59:59+0900',
      '2016-07-01 12:59:59 +0900'
    ]) {
      expect(DateTime.safeParse(s).success).toBe(true)
      expect(dateTimeMs(s)).toBe(Date.UTC(2016, 6, 1, 3, 59, 59) + (s.includes('.123') ? 123 : 0))
    }
    for (const s of ['2016-07-01T12:59:59', 'yesterday', '2016-13-45T99:99:99+09:00', ''])
      expect(DateTime.safeParse(s).success).toBe(false)
  })

  it('keeps a notification with odd but harmless values and drops unsafe links', () => {
    const n = Notification.parse({
      id: 1,
      type: 'SomethingNewNotification',
      title: '<script>x</script>',
      url: 'javascript:alert(1)',
      sender: { id: 2, name: 'x', image_url: 'data:image/png;base64,AAAA', extra: true },
      community: null,
      created_at: '2016-07-01T12:59:59+09:00'
    })
    expect(n).toMatchObject({
      type: 'SomethingNewNotification',
      title: '<script>x</script>',
      url: undefined,
      community: undefined
    })
    expect(n.sender).toEqual({ id: 2, name: 'x', image_url: undefined })
    expect(
      Notification.parse({ id: 1, type: 't', title: 't', url: 'not a url', created_at: '2016-07-01T12:59:59Z' }).url
    ).toBeUndefined()
    expect(Notification.safeParse({ id: 1, type: '', title: 't', created_at: '2016-07-01T12:59:59Z' }).success).toBe(
      false
    )
  })

  it('defaults missing article tags to none', () => {
    const a = Article.parse({
      id: 1,
      title: 't',
      body: 'b',
      user: { id: 1, name: 'u' },
      created_at: '2016-07-01T12:59:59+09:00'
    })
    expect(a.tags).toEqual([])
  })
})

describe('wiki paths', () => {
  it('finds articles in both URL shapes and nothing else', () => {
    const ref = { userName: 'onair-fan', timestampId: '20160701125959' }
    expect(articleRefFromUrl('https://anime-club.wiki.example/onair-fan/items/20160701125959#comment-3')).toEqual(ref)
    expect(articleRefFromUrl('https://anime-club.wiki.example/users/onair-fan/articles/20160701125959/')).toEqual(ref)
    for (const u of [
      undefined,
      '',
      'not a url',
      'javascript://x/onair-fan/items/20160701125959',
      'https://x.example/onair-fan/items/2016070112595',
      'https://x.example/..%2F/items/20160701125959',
      'https://x.example/issues/12',
      'https://x.example/a/b/onair-fan/items/20160701125959'
    ]) {
      expect(articleRefFromUrl(u)).toBeNull()
    }
  })

  it('derives the timestamp id from the creation time in its own offset', () => {
    expect(articleRefOf({ user: { name: 'hikari' }, created_at: '2024-01-15T09:30:00+09:00' })).toEqual({
      userName: 'hikari',
      timestampId: '20240115093000'
    })
    expect(articleRefOf({ user: { name: '../x' }, created_at: '2024-01-15T09:30:00+09:00' })).toBeNull()
    expect(articleRefOf({ user: { name: 'x' }, created_at: 'soon' })).toBeNull()
  })

  it('refuses values that could leave the path', () => {
    expect(() => articlePath({ userName: 'ok', timestampId: '1234' })).toThrow(RangeError)
    expect(() => articlePath({ userName: 'a%2F..', timestampId: '20160701125959' })).toThrow(RangeError)
  })
})
