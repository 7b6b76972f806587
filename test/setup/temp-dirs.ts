import { join } from 'node:path'
import { afterAll } from 'vitest'
import { removeTempDirs, tempDir } from '../support/temp-dir'

// The credential store's stand-in keeps this file's items here, shared with the CLI processes it
// starts (test/support/keyring-double.cjs).
process.env.ONAIR_TEST_KEYRING = join(tempDir('onair-keyring-'), 'items.json')

// Runs in every test file: the folders it made with tempDir() go when it ends.
afterAll(removeTempDirs)
