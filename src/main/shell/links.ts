/**
 * `onair://` links reaching the app, on each system's path:
 * - Windows and Linux start the app with the link as an argument: this process's own argv when no
 *   Onair runs, else the running one's `second-instance` event with the second's argv (the second
 *   one quits at once: launch.ts);
 * - macOS sends `open-url`, which can come before `ready` when the link started the app, so the
 *   listeners are added at launch and what arrives is kept until the window exists (`attach`).
 * Installed builds claim the scheme at every start (a moved or reinstalled app claims it again);
 * a development run leaves the user's installed Onair in charge of it. What a link does is decided
 * in core/links.ts; this file only acts on the answer.
 */
import { app } from 'electron'
import type { Locale, LocalizedText } from '../../shared/locale'
import type { CachedProgram } from '../../shared/schedule'
import { linkAction, linkRequest, type LinkRequest } from '../core/links'
import type { Notifier } from '../core/notify'
import type { AppLog } from './log'

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

export interface LinkDeps {
  show(): void
  openProgram(programId: number): void
  /** The schedule, with a notice in the window. */
  showSchedule(notice: LocalizedText): void
  openWeb(url: string): Promise<void>
  input(): { programs: readonly CachedProgram[]; now: number; durationMinutes: number; mediaUrl: string }
  notifier: Notifier
  language(): Locale
  log: AppLog
}

/** What the app does for each request: a refused link says so in a notification and opens nothing. */
export function linkFollower(deps: LinkDeps): (request: LinkRequest) => void {
  return (request) => {
    if (request.kind === 'none') return deps.show()
    if (request.kind === 'refused') {
      deps.log.write('warn', 'an onair:// link was refused')
      return deps.notifier.show({ id: 'link-refused', title: 'Onair', body: request.message[deps.language()] })
    }
    const action = linkAction(request.link, deps.input())
    if (action.kind === 'program') return deps.openProgram(action.programId)
    if (action.kind === 'notice') return deps.showSchedule(action.message)
    void deps.openWeb(action.url).catch((e: unknown) => deps.log.write('warn', 'link', e))
  }
}
