export { AsyncEntry } from '@napi-rs/keyring'
export declare const double: {
  setState(state: 'open' | 'locked' | 'unreachable' | 'waiting'): void
  items(): { service: string; account: string; password: string }[]
}
