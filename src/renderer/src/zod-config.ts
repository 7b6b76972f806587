import { z } from 'zod'

// zod probes `new Function` to compile fast parsers; the renderer's CSP forbids eval, so the probe
// would be reported as a violation on every start. Imported first by main.ts, before any schema runs.
z.config({ jitless: true })
