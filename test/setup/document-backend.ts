import { beforeAll } from 'vitest'

// Runs in every test file: stores keep their documents through conf, as the command line's do
// (json-file.ts has no default backend, so that a reader need not load conf). Imported once the
// test file is, so that its vi.mock of what the store uses (node:crypto, for instance) applies.
beforeAll(async () => {
  const [{ useDocumentBackend }, { confBackend }] = await Promise.all([
    import('../../src/main/core/store/document-backend'),
    import('../../src/main/core/store/conf-backend')
  ])
  useDocumentBackend(confBackend())
})
