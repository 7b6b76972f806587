/** The renderer's whole "router": one piece of state naming the visible view. */
export const views = ['home', 'works', 'records', 'inbox', 'settings'] as const
export type View = (typeof views)[number]

export const router = $state({ view: 'home' as View })
