/**
 * The environment variables through which Onair is handed secrets: one list, so that a new secret
 * variable is dropped everywhere the moment it is named here. A child process (notify-send, the
 * browser opener and, through it, the browser) has no use for them, and a child's environment is
 * readable by every process of the user (`/proc/<pid>/environ`) and inherited by whatever it starts.
 */
export const SECRET_ENV_VARS = ['ONAIR_CLIENT_SECRET', 'ONAIR_WIKI_TOKEN', 'ONAIR_DEMO_TOKEN'] as const

type Env = Record<string, string | undefined>

/** The environment to give a child process: `env` without Onair's secrets. */
export function childEnv(env: Env): Record<string, string> {
  const copy: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !(SECRET_ENV_VARS as readonly string[]).includes(name)) copy[name] = value
  }
  return copy
}

/**
 * Removes the secrets from `env` once they have been read. Given `process.env`, Node unsets them in
 * the process's real environment, which is what anything started without an explicit environment
 * inherits (Electron's `shell.openExternal` runs `xdg-open` that way).
 */
export function forgetSecretEnv(env: Env): void {
  for (const name of SECRET_ENV_VARS) delete env[name]
}
