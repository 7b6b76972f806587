/**
 * The preload bridge's two functions (`window.api`, the whole surface the window has), named
 * once: the bundle then says `invoke(` where it said `window.api.invoke(` 54 times.
 */
export const { invoke, on: listen } = window.api
