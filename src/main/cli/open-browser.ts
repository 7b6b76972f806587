import { spawn } from 'node:child_process'

/**
 * Opens the system browser where there is one. Failure is silent on purpose: the URL is always
 * printed too, and a headless box (ssh, CI, a container) is a normal place to run the CLI.
 */
export function systemOpener(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform) {
  return async (url: string): Promise<void> => {
    const [cmd, args] =
      platform === 'darwin'
        ? ['open', [url]]
        : platform === 'win32'
          ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
          : ['xdg-open', [url]]
    if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return
    try {
      const child = spawn(cmd as string, args as string[], { detached: true, stdio: 'ignore' })
      child.on('error', () => undefined)
      child.unref()
    } catch {
      // No opener installed: the printed URL is the fallback.
    }
  }
}
