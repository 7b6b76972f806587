/**
 * `{@attach focus}`: the element takes the focus when it appears, e.g. a panel's first control
 * or a page's heading, so keyboard and screen-reader users start where the new content starts.
 */
export const focus = (element: HTMLElement): void => element.focus()
