/**
 * `onair://` links reaching the app, on each system's path:
 * - Windows and Linux start the app with the link as an argument: this process's own argv when no
 *   Onair runs, else the running one's `second-instance` event with the second's argv (the second
 *   one quits at once: launch.ts);
 * - macOS sends `open-url`, which can come before `ready` when the link started the app, so the
 *   listeners are added at launch and what arrives is kept until the window exists (`attach`).
 * Installed builds claim the scheme at every start (a moved or reinstalled app claims it again);
 * a development run leaves the user's installed Onair in charge of it. What a link does is decided
 * in core/links.ts, and start.ts acts on the answer.
 */
import { app } from 'electron'
import { linkRequest, type LinkRequest } from '../core/links'

/** The scheme electron-builder.yml's `protocols` registers at install. */
const SCHEME = 'onair'

export interface Links {
  /** Hands every request so far, and each later one, to `follow`. */
  attach(follow: (request: LinkRequest) => void): void
  /** An installed build asked for the scheme and the system refused (desktop-entry.ts). */
  readonly refused: boolean
}

export function listenForLinks(argv: readonly string[]): Links {
  const refused = app.isPackaged && !app.setAsDefaultProtocolClient(SCHEME)
  const waiting: LinkRequest[] = []
  let follow: ((request: LinkRequest) => void) | null = null
  const take = (request: LinkRequest): void => (follow ? follow(request) : void waiting.push(request))

  const atLaunch = linkRequest(argv)
  if (atLaunch.kind !== 'none') take(atLaunch)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    take(linkRequest([url]))
  })
  // Without a link (the user started Onair again) the answer is 'none': the window shows itself.
  app.on('second-instance', (_event, args) => take(linkRequest(args)))
  return {
    refused,
    attach(next) {
      follow = next
      for (const request of waiting.splice(0)) next(request)
    }
  }
}
