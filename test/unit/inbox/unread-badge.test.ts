import { describe, expect, it } from 'vitest'
import { unreadBadge, type UnreadBadgeInput } from '../../../src/main/core/inbox/unread-badge'

/** Which image the tray shows and where else the unread count goes, per system. */
describe('unreadBadge', () => {
  const input = (over: Partial<UnreadBadgeInput>): UnreadBadgeInput => ({
    icon: 'idle',
    unseen: 0,
    enabled: true,
    platform: 'linux',
    locale: 'en',
    ...over
  })

  it.each(['idle', 'soon', 'offline', 'error', 'signed-out'] as const)(
    'puts the unread dot on the %s image, and takes it off when all is read',
    (icon) => {
      expect(unreadBadge(input({ icon, unseen: 2 })).trayImage).toBe(`${icon}-unread`)
      expect(unreadBadge(input({ icon, unseen: 0 })).trayImage).toBe(icon)
    }
  )

  it('macOS and Linux: the exact count on the Dock or launcher badge, 0 to hide it, no overlay', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      expect(unreadBadge(input({ platform, unseen: 42 }))).toEqual({ trayImage: 'idle-unread', badgeCount: 42 })
      expect(unreadBadge(input({ platform, unseen: 0 }))).toEqual({ trayImage: 'idle', badgeCount: 0 })
    }
  })

  it('Windows: the taskbar overlay says 1 to 9, then 9+, with words for screen readers in both languages', () => {
    const overlay = (unseen: number, locale: 'en' | 'ja' = 'en') =>
      unreadBadge(input({ platform: 'win32', unseen, locale })).overlay
    expect(overlay(1)).toEqual({ mark: '1', description: '1 unread in the inbox' })
    expect(overlay(9)?.mark).toBe('9')
    expect(overlay(10)).toEqual({ mark: '9+', description: '10 unread in the inbox' })
    expect(overlay(250, 'ja')).toEqual({ mark: '9+', description: '受信箱に未読 250 件' })
    expect(overlay(0)).toBeNull()
    expect(unreadBadge(input({ platform: 'win32', unseen: 3 }))).not.toHaveProperty('badgeCount')
  })

  it('turned off: the plain image everywhere and every count cleared', () => {
    expect(unreadBadge(input({ icon: 'soon', unseen: 5, enabled: false }))).toEqual({
      trayImage: 'soon',
      badgeCount: 0
    })
    expect(unreadBadge(input({ platform: 'win32', unseen: 5, enabled: false })).overlay).toBeNull()
  })

  it('treats a count that makes no sense as none', () => {
    for (const unseen of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(unreadBadge(input({ unseen }))).toEqual({ trayImage: 'idle', badgeCount: 0 })
    }
    expect(unreadBadge(input({ unseen: 2.7 })).badgeCount).toBe(2)
  })

  it('a system Electron gives no badge to (FreeBSD) gets the tray dot alone', () => {
    expect(unreadBadge(input({ platform: 'freebsd', unseen: 3 }))).toEqual({ trayImage: 'idle-unread' })
  })
})
