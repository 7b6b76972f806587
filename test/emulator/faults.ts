/**
 * Fault injection: tests register faults per route; the frame asks which ones apply to a request
 * and applies them around the real handler, so a fault never bypasses the service's own logic
 * unless it is meant to (status, reset).
 */
export type Fault = { method?: string; path: string | RegExp; times?: number } & (
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: number }
  | { kind: 'reset' }
  | { kind: 'reset-after-commit' }
  /**
   * The write is committed and the answer never comes: the connection stays open until the client
   * gives up or dies. `committed` is called at that moment, so a test can kill the client while
   * its request is in flight and the service already has the record. It is given the answer the
   * client never gets, so a test can tell whose request took the fault.
   */
  | { kind: 'hang-after-commit'; committed?: (answer: string | undefined) => void }
  | { kind: 'malformed-json' }
  | { kind: 'extra-fields' }
  | { kind: 'missing-fields'; fields?: string[] }
)

/** Fields the live service was seen to leave out, removed when `missing-fields` names none. */
const DEFAULT_MISSING = ['season_name', 'season_name_text', 'number_text', 'developer_message', 'url', 'description']

export class FaultBox {
  private faults: Array<{ fault: Fault; left: number }> = []

  inject(fault: Fault): void {
    this.faults.push({ fault, left: fault.times ?? Infinity })
  }

  clear(): void {
    this.faults = []
  }

  /**
   * Faults matching this request, each consuming one of its `times`. A string path matches as a
   * prefix of the path (query string excluded); a RegExp is tested against the path. `which`
   * limits the take to some kinds, so a fault that only applies later (after handling) is not
   * used up by a request that never got that far.
   */
  take(method: string, path: string, which: (f: Fault) => boolean = () => true): Fault[] {
    const hits: Fault[] = []
    for (const entry of this.faults) {
      const f = entry.fault
      if (f.method && f.method.toUpperCase() !== method) continue
      if (typeof f.path === 'string' ? !path.startsWith(f.path) : !f.path.test(path)) continue
      if (!which(f)) continue
      hits.push(f)
      entry.left -= 1
    }
    this.faults = this.faults.filter((e) => e.left > 0)
    return hits
  }
}

type JsonValue = unknown

function mapObjects(value: JsonValue, fn: (o: Record<string, unknown>) => Record<string, unknown>): JsonValue {
  if (Array.isArray(value)) return value.map((v) => mapObjects(v, fn))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = mapObjects(v, fn)
    return fn(out)
  }
  return value
}

/** Unknown keys on every object: a strict parser that rejects them would break on a deploy. */
export function addExtraFields(value: JsonValue): JsonValue {
  return mapObjects(value, (o) => ({ ...o, x_emulator_extra: 'unexpected', x_emulator_extra_obj: { nested: true } }))
}

export function removeFields(value: JsonValue, fields: string[] | undefined): JsonValue {
  const names = new Set(fields ?? DEFAULT_MISSING)
  return mapObjects(value, (o) => Object.fromEntries(Object.entries(o).filter(([k]) => !names.has(k))))
}

/** Cut the serialised body in half so no JSON parser can accept it. */
export function truncateJson(text: string | undefined): string {
  const t = text && text.length > 1 ? text : '{"truncated":'
  return t.slice(0, Math.max(1, Math.floor(t.length / 2)))
}
