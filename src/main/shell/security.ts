/**
 * Session- and app-wide hardening that does not depend on a particular window: the CSP header,
 * denied permissions, and no navigation, popups or webviews in any web contents.
 */
import { app, type Session } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../../shared/csp'
import { isHttpUrl } from '../../shared/contract/app'

export function hardenSession(session: Session): void {
  // Packaged pages are file:// and get no headers (the meta tag covers them); this covers the
  // dev server and anything else served over http.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY]
      }
    })
  })
  // The UI needs no camera, notifications-from-page, geolocation, clipboard-read...
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
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
