/**
 * The environment variables through which Onair is handed secrets: one list, so that a new secret
 * variable is dropped everywhere the moment it is named here. A child process (notify-send, the
 * browser opener and, through it, the browser) has no use for them, and a child's environment is
 * readable by every process of the user (`/proc/<pid>/environ`) and inherited by whatever it starts.
 */
export const SECRET_ENV_VARS = ['ONAIR_CLIENT_SECRET', 'ONAIR_WIKI_TOKEN', 'ONAIR_DEMO_TOKEN'] as const

/**
 * What the packaged app's `onair` launchers (build/bin) set for the command line alone: Electron
 * then runs as plain Node. Passed on, a browser started by `onair sign-in` would keep it, and every
 * Electron app later started from that browser (Onair itself, through an `onair://` link) would
 * start as Node instead of a window.
 */
export const LAUNCHER_ENV_VARS = ['ELECTRON_RUN_AS_NODE'] as const

const NOT_FOR_CHILDREN: readonly string[] = [...SECRET_ENV_VARS, ...LAUNCHER_ENV_VARS]

type Env = Record<string, string | undefined>

/** The environment to give a child process: `env` without Onair's secrets and the launcher's mode. */
export function childEnv(env: Env): Record<string, string> {
  const copy: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !NOT_FOR_CHILDREN.includes(name)) copy[name] = value
  }
  return copy
}

/**
 * Removes the secrets from `env` once they have been read (and, for the command line, the
 * launcher's mode, which the runtime read at start). Given `process.env`, Node unsets them in the
 * process's real environment, which is what anything started without an explicit environment
 * inherits (Electron's `shell.openExternal` runs `xdg-open` that way).
 */
export function forgetSecretEnv(env: Env, names: readonly string[] = SECRET_ENV_VARS): void {
  for (const name of names) delete env[name]
}
