import { fileBackend } from '../../../src/main/core/store/document-backend'
import { documentStoreContract } from './document-store-contract'

// Node's backend (the command line's); the app's (electron-store) runs the same contract in
// test/unit/shell/electron-store.test.ts.
documentStoreContract('plain files', () => fileBackend)
