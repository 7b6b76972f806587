#!/usr/bin/env node
// `onair`: runs the TypeScript command line through tsx, in this process, so stdin, signals and
// the exit code behave as for any Node program. There is no separate build of the CLI to prefer.
import { register } from 'tsx/esm/api'

register()
await import(new URL('../src/main/cli.ts', import.meta.url).href)
