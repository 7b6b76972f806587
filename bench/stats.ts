/**
 * Small statistics for the benches and the soak: each figure is reported as median and spread
 * over runs. Nearest-rank quantile; 0 for none.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[i] as number
}

export const median = (values: readonly number[]): number => quantile(values, 0.5)

export interface Row {
  bench: string
  metric: string
  /** Median over runs. */
  value: string
  /** min–max over runs. */
  spread: string
  note?: string
}

export interface Bench {
  name: string
  run(): Promise<Row[]>
}

/** One row of the table: the median of `values` and their min–max, to `digits` places. */
export function row(bench: string, metric: string, values: number[], digits: number, unit: string, note: string): Row {
  const f = (n: number) => `${n.toFixed(digits)}${unit}`
  return {
    bench,
    metric,
    value: f(median(values)),
    spread: `${f(Math.min(...values))}–${f(Math.max(...values))}`,
    note
  }
}
