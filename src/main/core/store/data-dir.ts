import { mkdirSync, statSync, type Stats } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { LocalizedText } from '../../../shared/locale'
import { every, type Clock } from '../clock'

/**
 * Where the data folder is, decided here for the app and the command line alike, so both read and
 * write the same files: the folder the user named (`--data-dir`, `ONAIR_DATA_DIR`), else `onair`
 * in the OS's per-user app-data folder. The app passes Electron's `app.getPath('appData')` as
 * `appData`; the command line, which has no Electron, passes `appDataDir()`. Electron's own default
 * would be named after productName ("Onair"), on Linux another folder than the command line's.
 */
export function dataDirFor(named: string | undefined, appData: string): string {
  return named?.trim() || join(appData, 'onair')
}

type Env = Record<string, string | undefined>

/** The OS's per-user app-data folder, as Electron's `app.getPath('appData')` names it. */
export function appDataDir(env: Env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'win32') return env.APPDATA || join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME || join(home, '.config')
}

/**
 * The data folder keeps the sign-in and everything Onair does, so only its owner may change it.
 * Onair makes a missing one 0700 (the app here, the command line at its first write); one that
 * exists is used as it is when it belongs to this user and no one else may write to it, and is
 * otherwise refused with what to do, nothing in it touched. Windows folders rely on their ACLs.
 */
export function makeDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
}

export function dataDirProblem(dir: string, uid = process.getuid?.()): LocalizedText | undefined {
  let st: Stats
  try {
    st = statSync(dir)
  } catch {
    // Missing (made when first written), or out of reach: the write then says which file and why.
    return undefined
  }
  if (!st.isDirectory())
    return {
      en: `The data folder ${dir} is a file, not a folder. Name another one with --data-dir or ONAIR_DATA_DIR.`,
      ja: `データフォルダー ${dir} はフォルダーではなくファイルです。--data-dir か ONAIR_DATA_DIR で別のフォルダーを指定してください。`
    }
  if (uid === undefined) return undefined
  if (st.uid !== uid)
    return {
      en: `The data folder ${dir} belongs to another user (uid ${st.uid}). Onair keeps your sign-in there, so it uses only a folder of your own: name one with --data-dir or ONAIR_DATA_DIR. Nothing in the folder was changed.`,
      ja: `データフォルダー ${dir} は別のユーザー（uid ${st.uid}）のものです。Onair はサインイン情報をそこに保存するため、自分のフォルダーしか使いません。--data-dir か ONAIR_DATA_DIR で自分のフォルダーを指定してください。フォルダーの中身は変更していません。`
    }
  const mode = (st.mode & 0o777).toString(8).padStart(4, '0')
  if (st.mode & 0o022)
    return {
      en: `Other users can change the data folder ${dir} (mode ${mode}). Onair keeps your sign-in there: run "chmod go-w ${dir}", or name a folder of your own with --data-dir or ONAIR_DATA_DIR. Nothing in the folder was changed.`,
      ja: `データフォルダー ${dir} は他のユーザーも変更できます（モード ${mode}）。Onair はサインイン情報をそこに保存します。「chmod go-w ${dir}」を実行するか、--data-dir か ONAIR_DATA_DIR で自分専用のフォルダーを指定してください。フォルダーの中身は変更していません。`
    }
  return undefined
}

/** How often a long-running process checks that its data folder is still the one it started with. */
export const FOLDER_CHECK_MS = 2_000

/**
 * Calls `onSwapped` with what to tell the user, once, when the folder at `dir` is no longer the
 * one it was at this call (its device and inode): removed or moved away, another folder put at its
 * name (whoever may write to a parent can swap it), or now another user's or writable by others.
 * The check at start (dataDirProblem) follows the name once; a daemon writes for hours.
 */
export function watchDataDir(dir: string, clock: Clock, onSwapped: (why: LocalizedText) => void): () => void {
  const was = statSync(dir, { throwIfNoEntry: false })
  if (!was) return () => undefined
  const stop = every(clock, FOLDER_CHECK_MS, () => {
    const why = swapped(dir, was)
    if (!why) return
    stop()
    onSwapped(why)
  })
  return stop
}

function swapped(dir: string, was: Stats): LocalizedText | undefined {
  const now = statSync(dir, { throwIfNoEntry: false })
  if (!now)
    return {
      en: `The data folder ${dir} was removed or moved away while Onair ran. Onair stopped so that it writes nothing elsewhere; start it again.`,
      ja: `実行中にデータフォルダー ${dir} が削除されたか移動されました。別の場所に書き込まないよう Onair は停止しました。もう一度起動してください。`
    }
  if (now.dev !== was.dev || now.ino !== was.ino)
    return {
      en: `Another folder now stands at ${dir}, not the data folder Onair started with. Onair stopped rather than write your sign-in and records into it. Check who replaced it (only you should be able to change the folders above it), then start Onair again.`,
      ja: `${dir} には、Onair の起動時とは別のフォルダーが置かれています。サインイン情報や記録をそこに書き込まないよう Onair は停止しました。誰が置き換えたかを確認し（上位のフォルダーを変更できるのは自分だけにしてください）、もう一度起動してください。`
    }
  return dataDirProblem(dir)
}
