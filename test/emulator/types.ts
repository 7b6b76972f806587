/**
 * The shape shared by the emulator's parts: the HTTP frame parses a request once into an
 * EmuRequest, and each service (media-tracking + OAuth, wiki) answers with an EmuResponse or
 * `undefined` when the path is not its own.
 */
export interface EmuRequest {
  method: string
  /** Path without the query string, e.g. `/api/v1/notifications`. */
  path: string
  query: URLSearchParams
  /** Lower-cased header names. */
  headers: Record<string, string>
  /** Parsed body: JSON object, or form fields as a plain object; undefined when empty. */
  body: Record<string, unknown> | undefined
  rawBody: string
}

export interface EmuResponse {
  status: number
  headers?: Record<string, string>
  /** A JSON value (serialised by the frame), a string (sent as is), or undefined for no body. */
  body?: unknown
}

export interface EmuContext {
  /** Milliseconds since the epoch; seeded data is generated relative to it. */
  now: () => number
  /** Play the live services' observed behaviour (service-notes.md) instead of the documents. */
  quirks: boolean
}

export interface EmuService {
  handle(req: EmuRequest): EmuResponse | undefined | Promise<EmuResponse | undefined>
}
