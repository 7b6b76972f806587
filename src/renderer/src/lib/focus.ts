/** Moving the keyboard focus to where the user's next step is. */

/**
 * `{@attach focus}`: the element takes the focus when it appears, e.g. a panel's first control
 * or a page's heading, so keyboard and screen-reader users start where the new content starts.
 */
export const focus = (element: HTMLElement): void => element.focus()

/** Where the clipboard refused: the text field is focused and selected for the keyboard shortcut. */
export function selectForCopy(id: string): void {
  const field = document.getElementById(id) as HTMLInputElement | null
  field?.focus()
  field?.select()
}
