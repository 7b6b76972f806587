/**
 * Runs `work` with one Node.js warning, named by its code, dropped; every other warning still
 * shows. For a library's call that Node warns about although the library does it on purpose, and
 * only around that call (updater.ts says which). Node emits most deprecations once per process:
 * one dropped here is then spent for the whole process.
 */
export function withoutWarning<T>(code: string, work: () => T): T {
  const emit = process.emitWarning
  const filtered = (warning: string | Error, ...rest: unknown[]): void => {
    const [typeOrOptions, maybeCode] = rest
    const given =
      typeof typeOrOptions === 'object' && typeOrOptions !== null
        ? (typeOrOptions as { code?: unknown }).code
        : maybeCode
    if (given === code) return
    ;(emit as (w: string | Error, ...r: unknown[]) => void).call(process, warning, ...rest)
  }
  process.emitWarning = filtered as typeof process.emitWarning
  try {
    return work()
  } finally {
    process.emitWarning = emit
  }
}
