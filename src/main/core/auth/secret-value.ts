import { inspect } from 'node:util'

/**
 * A token or client secret held in memory. Logging, JSON, string interpolation and spreading the
 * object that holds it all show `[redacted]`; only `reveal()` gives the value, so every place that
 * really sends a secret is easy to find.
 */
export class SecretValue {
  readonly #value: string

  constructor(value: string) {
    this.#value = value
  }

  reveal(): string {
    return this.#value
  }

  toJSON(): string {
    return '[redacted]'
  }

  toString(): string {
    return '[redacted]'
  }

  [inspect.custom](): string {
    return '[redacted]'
  }
}

export function secret(value: string): SecretValue
export function secret(value: string | undefined): SecretValue | undefined
export function secret(value: string | undefined): SecretValue | undefined {
  return value === undefined || value === '' ? undefined : new SecretValue(value)
}
