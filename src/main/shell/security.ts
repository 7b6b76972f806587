/**
 * Session- and app-wide hardening that does not depend on a particular window: the CSP header,
 * permissions (only writing to the clipboard, only for our own page), and no navigation, popups or
 * webviews in any web contents.
 */
import { app, shell, type Session } from 'electron'
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../../shared/csp'
import { isHttpUrl } from '../../shared/contract/app'
import { webOnly } from '../core/web-url'
import { devServerUrl } from './paths'
import { isRendererUrl } from './window'

/** What the UI may ask for: the webhook URL's Copy button writes through `navigator.clipboard`. */
const GRANTED = new Set<string>(['clipboard-sanitized-write'])

export function hardenSession(session: Session): void {
  // Packaged pages carry the policy in their app:// responses (renderer-protocol.ts) and in the
  // meta tag; this covers the dev server, whose injected styles need the looser development policy.
  const policy = devServerUrl() ? devContentSecurityPolicy() : CONTENT_SECURITY_POLICY
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } })
  })
  // No camera, notifications-from-page, geolocation, clipboard reading...: only the one
  // permission, only for the top frame of our renderer.
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(GRANTED.has(permission) && details.isMainFrame && isRendererUrl(details.requestingUrl))
  )
  session.setPermissionCheckHandler(
    (_contents, permission, _origin, details) =>
      GRANTED.has(permission) && details.isMainFrame && isRendererUrl(details.requestingUrl ?? '')
  )
}

/**
 * Applies to every web contents the app ever creates. In-app links that should leave the app go
 * through `app:openExternal`; a `target=_blank` http(s) link is forwarded to the browser as well,
 * everything else is dropped.
 */
export function hardenAllWebContents(openExternal: (url: string) => Promise<void>): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault())
    contents.on('will-redirect', (event) => event.preventDefault())
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      if (isHttpUrl(url)) void openExternal(url).catch(() => {})
      return { action: 'deny' }
    })
  })
}

/**
 * `shell.openExternal` as the app may use it: web addresses only (core/web-url.ts), whoever asks
 * (sign-in, a link, a notification). The system opener runs with the app's environment, from
 * which launch.ts has removed Onair's secrets.
 */
export const openWebUrl = webOnly((url) => shell.openExternal(url))
