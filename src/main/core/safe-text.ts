/**
 * Text from the network (a webhook's `type`, a wiki title, a service message) may carry control
 * characters: ESC starts terminal escape sequences (colours, cursor moves, window titles, even
 * hyperlinks), C1 codes (U+0080–U+009F) are the same commands in one character for terminals that
 * read them, CR overwrites a line, and bidi overrides (U+202A–U+202E, U+2066–U+2069) make text
 * read differently from what it is. Before anything is printed or shown, each of them becomes a
 * visible `\uXXXX`. That is also a JSON escape of the same character, so a `--json` line stays
 * valid and decodes to exactly what was received.
 *
 * Line feed and tab are left alone: Onair's own messages use them, and neither can rewrite what
 * is already on the screen.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
