import type { Io } from '../../src/main/cli/command'

/** An Io for in-process runs: collects output, feeds stdin lines, never opens a browser. */
export interface FakeIo extends Io {
  stdout: string[]
  /** Everything written raw with `write`, joined. */
  written: string
  stderr: string[]
  opened: string[]
}

export function fakeIo(env: Record<string, string | undefined>, stdin: string[] = []): FakeIo {
  const lines = [...stdin]
  const io: FakeIo = {
    stdout: [],
    written: '',
    stderr: [],
    opened: [],
    out: (line) => void io.stdout.push(line),
    write: (text) => void (io.written += text),
    err: (line) => void io.stderr.push(line),
    readLine: async () => lines.shift(),
    env,
    openBrowser: async (url) => void io.opened.push(url)
  }
  return io
}
