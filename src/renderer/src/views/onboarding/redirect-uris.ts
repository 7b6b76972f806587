/**
 * The redirect URIs the user registers for Onair at the service. Written out here rather than
 * imported from the contract: a value import from there would bundle zod into the renderer, and
 * zod's eval probe trips the CSP. A unit test keeps them equal to what the core sends.
 */
export const REDIRECT_URIS = ['http://127.0.0.1/callback', 'urn:ietf:wg:oauth:2.0:oob'] as const
