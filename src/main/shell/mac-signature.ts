/**
 * Whether this macOS app carries a Developer ID signature: macOS refuses notifications to an
 * unsigned or ad-hoc signed build with the same error it gives when the user turned them off
 * (UNUserNotificationCenter's localizedDescription, Electron cocoa_notification.mm), so the app
 * asks codesign(1), whose `-dv` names an `Authority=` only for a real identity ("Signature=adhoc"
 * otherwise). Asked once, when a notification failed, never at start.
 */
import { spawnSync } from 'node:child_process'

export function signedByDeveloper(execPath: string = process.execPath): boolean {
  const bundle = execPath.replace(/\/Contents\/MacOS\/[^/]+$/, '')
  const r = spawnSync('codesign', ['-dv', bundle], { encoding: 'utf8', timeout: 5_000 })
  return r.status === 0 && /^Authority=/m.test(r.stderr) && !/Signature=adhoc/.test(r.stderr)
}
