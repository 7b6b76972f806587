import { confBackend } from '../../../src/main/core/store/conf-backend'
import { documentStoreContract } from './document-store-contract'

// The command line's and Node's backend; the app's (electron-store) runs the same contract in
// test/unit/shell/electron-store.test.ts.
documentStoreContract('conf', () => confBackend())
