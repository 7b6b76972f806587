import type { Emulator } from '../../emulator/index'

/** Small fetch wrapper for emulator tests: one call, status + headers + text + parsed JSON. */
export interface Res {
  status: number
  headers: Headers
  text: string
  json: any
}

export interface CallInit {
  method?: string
  token?: string | null
  form?: Record<string, string>
  json?: unknown
  headers?: Record<string, string>
}

export async function call(emu: Emulator, path: string, init: CallInit = {}): Promise<Res> {
  const headers: Record<string, string> = { ...init.headers }
  const token = init.token === undefined ? emu.tokens.readWrite : init.token
  if (token) headers.authorization = `Bearer ${token}`
  let body: string | undefined
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  } else if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  }
  const r = await fetch(emu.baseUrl + path, { method: init.method ?? 'GET', headers, body, redirect: 'manual' })
  const text = await r.text()
  let json: any
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: r.status, headers: r.headers, text, json }
}

/** A clock tests move by hand, so time-based rules run without sleeping. */
export function manualNow(start = Date.UTC(2026, 10, 22, 12, 0, 0)): {
  now: () => number
  advance(ms: number): void
  set(ms: number): void
} {
  let t = start
  return {
    now: () => t,
    advance(ms) {
      t += ms
    },
    set(ms) {
      t = ms
    }
  }
}

/** `YYYY/MM/DD HH:MM` in UTC, the form of filter_started_at_*. */
export function slashTime(ms: number): string {
  const d = new Date(ms).toISOString()
  return `${d.slice(0, 4)}/${d.slice(5, 7)}/${d.slice(8, 10)} ${d.slice(11, 16)}`
}
