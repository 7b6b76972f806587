import { afterAll } from 'vitest'
import { removeTempDirs } from '../support/temp-dir'

// Runs in every test file: the folders it made with tempDir() go when it ends.
afterAll(removeTempDirs)
