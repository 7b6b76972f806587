/**
 * Notification bodies on Linux, whichever way they are sent (Onair's D-Bus client, and its fallbacks:
 * notify-send for `onair run`, Electron's libnotify for the app): the Desktop Notifications
 * spec lets a server read the body as markup (`<b>`, `<i>`, `<a>`, entities) when it advertises
 * the `body-markup` capability, and asks clients to escape `&`, `<` and `>` for such a server. A
 * work title "Fish & Chips <i>live</i>" would otherwise turn italic, or, with its bare `&`, be
 * malformed markup that some servers reject or show empty. The summary (title) is never markup.
 */
export function escapeBodyMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The body to send to a server with these capabilities. Unknown capabilities (no answer yet, or
 * no way to ask) are taken as markup: GNOME, KDE, Xfce, dunst and mako all advertise it, and a
 * bare `&` sent to one of them costs the whole body, while entities sent to a rare plain-text
 * server only show as written.
 */
export function bodyForServer(body: string, capabilities: ReadonlySet<string> | undefined): string {
  return !capabilities || capabilities.has('body-markup') ? escapeBodyMarkup(body) : body
}
