'use strict'
/**
 * `node --require` this before the CLI: its `require('@napi-rs/keyring')` gets the test double
 * (keyring-double.cjs) instead of the user's real keyring. spawn-cli.ts adds it unless the test
 * brings a session bus of its own (the tests against a real Secret Service).
 */
const Module = require('node:module')
const { join } = require('node:path')
const resolve = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  if (request === '@napi-rs/keyring') return join(__dirname, 'keyring-double.cjs')
  return resolve.call(this, request, ...rest)
}
