# frozen_string_literal: true

# A real Doorkeeper (Debian's 5.5, with the two 5.6.9 changes below), configured as the
# media-tracking service configures it (scopes `read` by default and `write` optional, tokens that
# never expire, confidential applications registered "read only" or "read write", personal access
# tokens without an application), for the contract test (test/unit/emulator/doorkeeper-contract.test.ts). One process, a temporary SQLite database,
# a fixed signed-in web user (user 1). Prints `{"port":N}` on stdout once it listens on 127.0.0.1.
require 'json'
require 'fileutils'
require 'logger'
require 'tmpdir'
require 'rails'
require 'active_record'
require 'action_controller/railtie'
require 'doorkeeper'
require 'webrick'

# A file, not ':memory:': each of WEBrick's threads opens its own connection, and an in-memory
# database is private to one connection.
DB_DIR = Dir.mktmpdir('onair-doorkeeper-')
at_exit { FileUtils.remove_entry(DB_DIR) }
ActiveRecord::Base.establish_connection(adapter: 'sqlite3', database: File.join(DB_DIR, 'db.sqlite3'))
ActiveRecord::Base.logger = nil
ActiveRecord::Migration.verbose = false

# Doorkeeper's own migration (lib/generators/doorkeeper/templates/migration.rb.erb) with the PKCE
# columns (enable_pkce_migration.rb.erb); application_id is nullable for personal access tokens.
ActiveRecord::Schema.define do
  create_table :users do |t|
    t.string :name
  end
  create_table :oauth_applications do |t|
    t.string :name, null: false
    t.string :uid, null: false, index: { unique: true }
    t.string :secret, null: false
    t.text :redirect_uri, null: false
    t.string :scopes, null: false, default: ''
    t.boolean :confidential, null: false, default: true
    t.timestamps null: false
  end
  create_table :oauth_access_grants do |t|
    t.references :resource_owner, null: false
    t.references :application, null: false
    t.string :token, null: false, index: { unique: true }
    t.integer :expires_in, null: false
    t.text :redirect_uri, null: false
    t.datetime :created_at, null: false
    t.datetime :revoked_at
    t.string :scopes, null: false, default: ''
    t.string :code_challenge
    t.string :code_challenge_method
  end
  create_table :oauth_access_tokens do |t|
    t.references :resource_owner, index: true
    t.references :application
    t.string :token, null: false, index: { unique: true }
    t.string :refresh_token, index: { unique: true }
    t.integer :expires_in
    t.datetime :revoked_at
    t.datetime :created_at, null: false
    t.string :scopes
    t.string :previous_refresh_token, null: false, default: ''
  end
end

class User < ActiveRecord::Base; end

Doorkeeper.configure do
  orm :active_record
  # The web user is always signed in: the test plays the browser.
  resource_owner_authenticator { User.first }
  default_scopes :read
  optional_scopes :write
  access_token_expires_in nil
  grant_flows %w[authorization_code client_credentials]
  # The service registers loopback redirects over plain http.
  force_ssl_in_redirect_uri false
end

class OnairDoorkeeper < Rails::Application
  config.root = __dir__
  config.eager_load = false
  config.logger = Logger.new(nil)
  config.secret_key_base = 'onair-doorkeeper-contract-test'
  config.hosts.clear
  config.action_controller.allow_forgery_protection = false
  config.active_support.deprecation = :silence
end

# Two of the service's resource endpoints, protected as any Doorkeeper controller is: the contract
# test compares their 401 and 403 answers.
class MeController < ActionController::Base
  before_action -> { doorkeeper_authorize! }, only: :works
  before_action -> { doorkeeper_authorize! :write }, only: :record

  def works
    render json: { works: [] }
  end

  def record
    render json: {}
  end
end

OnairDoorkeeper.initialize!
# Debian ships Doorkeeper 5.5; the service runs 5.6.9. Where the two differ on what the contract
# test compares, 5.6.9's code is backported here:
# - the authorize error page has the error's status (400, 401 for invalid_client) instead of 200
#   (upstream commit 6cd5cca2, in 5.6.7: authorizations_controller.rb `render_error`);
# - OAuth errors and token responses send `Cache-Control: no-store, no-cache` and no `Pragma`
#   (upstream commit 2535eab3, in 5.6.6: error_response.rb and token_response.rb `headers`).
Doorkeeper::AuthorizationsController.class_eval do
  private

  def render_error
    render :error, status: pre_auth.error_response.status
  end
end
NO_PRAGMA = Module.new do
  def headers
    super.except('Pragma').merge('Cache-Control' => 'no-store, no-cache')
  end
end
Doorkeeper::OAuth::ErrorResponse.prepend(NO_PRAGMA)
Doorkeeper::OAuth::TokenResponse.prepend(NO_PRAGMA)

OnairDoorkeeper.routes.draw do
  use_doorkeeper
  get '/v1/me/works' => 'me#works'
  post '/v1/me/records' => 'me#record'
end

# The same applications and tokens as the emulator, given by the test as JSON in ONAIR_DOORKEEPER_SEED:
# {"clients":[{"id","secret","redirectUris","scopes"}],"tokens":[{"token","userId","clientId","scopes"}]}
# (a null clientId is a personal access token).
seed = JSON.parse(ENV.fetch('ONAIR_DOORKEEPER_SEED'))
User.create!(name: 'hikari')
User.create!(name: 'kaze')
apps = seed['clients'].to_h do |c|
  app = Doorkeeper::Application.create!(
    name: c['id'], uid: c['id'], secret: c['secret'], redirect_uri: c['redirectUris'].join("\n"),
    scopes: c['scopes'].join(' ')
  )
  [c['id'], app]
end
seed['tokens'].each do |t|
  token = Doorkeeper::AccessToken.create!(
    resource_owner_id: t['userId'], application_id: apps[t['clientId']]&.id, scopes: t['scopes'].join(' ')
  )
  # Doorkeeper generates the token on create; the seeded one replaces it.
  token.update_column(:token, t['token'])
end

server = WEBrick::HTTPServer.new(
  BindAddress: '127.0.0.1', Port: 0, AccessLog: [], Logger: WEBrick::Log.new(File::NULL)
)
server.mount '/', Rack::Handler::WEBrick, OnairDoorkeeper
trap('TERM') { server.shutdown }
trap('INT') { server.shutdown }
puts JSON.generate(port: server.config[:Port])
$stdout.flush
server.start
