import type { LocalizedText } from '../../shared/locale'
import type { CorruptFileReport } from './store/database'

/**
 * What the user is told when the file system refuses one of Onair's files: which file, what is
 * wrong with it, and what to do. Onair's writes go to a temporary file that replaces the real one
 * only once complete, so a refused write never damages what was saved before; each message says so.
 * Returns undefined for anything that is not a file-system error.
 */
export function describeFileError(e: unknown): LocalizedText | undefined {
  const { code, path, dest } = (e ?? {}) as { code?: unknown; path?: unknown; dest?: unknown }
  if (typeof code !== 'string') return undefined
  // A rename's `path` is the temporary file; the user knows the one it was to replace.
  const file = typeof dest === 'string' ? dest : typeof path === 'string' ? path : undefined
  if (file === undefined) return undefined
  const kept = { en: 'Nothing saved before was changed.', ja: '以前に保存した内容は変更していません。' }
  const what = advice(code, file)
  return { en: `${what.en} ${kept.en} (${code})`, ja: `${what.ja}${kept.ja}（${code}）` }
}

function advice(code: string, file: string): LocalizedText {
  switch (code) {
    case 'EISDIR':
      return {
        en: `${file} is a folder, where Onair keeps a file. Move or rename that folder, then try again.`,
        ja: `${file} はフォルダーですが、Onair はここにファイルを保存します。そのフォルダーを移動するか名前を変えてから、もう一度実行してください。`
      }
    case 'ENOTDIR':
      return {
        en: `A part of the path ${file} is a file, where Onair needs a folder. Move that file away, then try again.`,
        ja: `${file} のパスの途中にファイルがありますが、Onair はそこにフォルダーが必要です。そのファイルを移動してから、もう一度実行してください。`
      }
    case 'EACCES':
    case 'EPERM':
      return {
        en: `Onair is not allowed to read or write ${file}. Give your user read and write permission on it and its folder (for example chmod u+rw), then try again.`,
        ja: `${file} を読み書きする権限がありません。このファイルとフォルダーにあなたのユーザーの読み書き権限を付けてから（例: chmod u+rw）、もう一度実行してください。`
      }
    case 'ELOOP':
      return {
        en: `${file} is a link to another place. Onair never reads or writes its files through a link, which another program could point at any file of yours. Remove the link (put the file itself there if it is yours), then try again.`,
        ja: `${file} は別の場所へのリンクです。Onair はリンクを通してファイルを読み書きしません（ほかのプログラムがリンク先をあなたの任意のファイルに向けられるためです）。リンクを削除してから（あなたのファイルなら、そのファイル自体をそこに置いて）、もう一度実行してください。`
      }
    case 'EFTYPE':
      return {
        en: `${file} is not a plain file (a device, a pipe or a socket is in its place). Move it away, then try again.`,
        ja: `${file} は通常のファイルではありません（デバイス、パイプ、ソケットのいずれかがあります）。それを移動してから、もう一度実行してください。`
      }
    case 'EOWNER':
      return {
        en: `${file} belongs to another user, so Onair does not use it. Remove it (or give it back to your user, for example with chown), then try again.`,
        ja: `${file} は別のユーザーのファイルのため、Onair は使いません。削除するか、あなたのユーザーの所有に戻してから（例: chown）、もう一度実行してください。`
      }
    case 'EROFS':
      return {
        en: `${file} is on a read-only file system. Use a writable data folder (ONAIR_DATA_DIR), then try again.`,
        ja: `${file} は読み取り専用のファイルシステム上にあります。書き込めるデータフォルダー（ONAIR_DATA_DIR）を使ってから、もう一度実行してください。`
      }
    case 'ENOSPC':
    case 'EDQUOT':
      return {
        en: `The disk is full: ${file} could not be saved. Free some space, then try again.`,
        ja: `ディスクがいっぱいのため ${file} を保存できませんでした。空き容量を増やしてから、もう一度実行してください。`
      }
    default:
      return {
        en: `Onair could not use the file ${file}. Check the folder's permissions and free space, then try again.`,
        ja: `ファイル ${file} を扱えませんでした。フォルダーの権限と空き容量を確認してから、もう一度実行してください。`
      }
  }
}

/**
 * What the user is told, in every face of the app (a CLI line, a native notification), when a
 * saved file could not be read and was moved aside: which file, where the copy is, and what it
 * means (the store's own note, else that part starts over).
 */
export function describeCorruptFile(r: CorruptFileReport): LocalizedText {
  const after = r.consequence ?? STARTED_OVER
  return {
    en: `Onair could not read ${r.path} and moved it aside to ${r.movedTo} (nothing was deleted). ${after.en}`,
    ja: `${r.path} を読み取れなかったため、${r.movedTo} に退避しました（削除はしていません）。${after.ja}`
  }
}

const STARTED_OVER: LocalizedText = {
  en: 'That part starts again from its defaults.',
  ja: 'その部分は初期状態から始めます。'
}
