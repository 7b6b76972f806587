import type { EmuResponse } from '../types'

/**
 * The wiki speaks Japan time: every date-time carries `+09:00` (the spec asks for a numeric
 * offset) and article timestamp ids are the creation time in that zone.
 */
const JST_MS = 9 * 3600_000

export function isoJst(ms: number): string {
  return `${new Date(ms + JST_MS).toISOString().slice(0, 19)}+09:00`
}

/** `20160701125959`: the 14-digit id the wiki puts in article URLs. */
export function timestampId(ms: number): string {
  return new Date(ms + JST_MS).toISOString().slice(0, 19).replace(/\D/g, '')
}

export function msFromTimestampId(id: string): number {
  const [, y, mo, d, h, mi, se] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(id) ?? []
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${se}+09:00`)
}

// The wiki documents no error body; the emulator picks one small, stable shape for all errors.
export function error(status: number, type: string, message: string): EmuResponse {
  return { status, body: { message, type } }
}
