import { boundSecret } from '../../core/auth/bound-secrets'
import type { Session, SessionInfo } from '../../core/auth/session'
import type { LocalizedText } from '../../../shared/locale'
import { EXIT, UsageError, type Command, type CommandContext } from '../command'
import { settingsFileStore } from '../../core/store/settings'
import { readAccount, type CliAccount } from '../context'
import { describeUser, failWith, printWriteHint } from '../report'

export const signIn: Command = {
  usage: [
    'sign-in [--read-only] [--no-browser] [--port <port>] [--insecure-storage]',
    'sign-in --oob [--read-only]',
    'sign-in --token <token|->'
  ],
  description: {
    en: 'Prints the authorization address as one line on stdout and opens the browser where there is one, then waits up to 5 minutes for the service to send the browser back. --oob shows a code in the browser to paste here instead. --read-only asks for read access alone, for an application registered "read only". --token checks an access token you already have (- reads it from stdin, which keeps it out of the process list) and saves it. The sign-in is kept in the operating system\'s credential store (Keychain, Credential Manager, the Secret Service), shared with the app; --insecure-storage keeps it instead in a file of the data folder readable only by you, for a machine without one (the choice is saved in the folder\'s settings as secrets.storage).',
    ja: '認可用のアドレスを標準出力に 1 行で表示し、ブラウザがあれば開きます。その後、サービスからブラウザが戻ってくるのを最大 5 分待ちます。--oob ではブラウザに表示されたコードをここに貼り付けます。--read-only は読み取り権限だけを求めます（「read only」で登録したアプリケーション用）。--token は手持ちのアクセストークンを確認して保存します（- を指定すると標準入力から読み、プロセス一覧に出しません）。サインイン情報はオペレーティングシステムの資格情報ストア（キーチェーン、資格情報マネージャー、Secret Service）に保存し、アプリと共有します。--insecure-storage を付けると、それがないコンピューター向けに、あなただけが読めるデータフォルダー内のファイルに保存します（この選択はフォルダーの設定 secrets.storage に保存されます）。'
  },
  options: {
    oob: {
      type: 'boolean',
      help: {
        en: 'paste a code instead of the local callback',
        ja: 'ローカルのコールバックの代わりにコードを貼り付ける'
      }
    },
    'read-only': {
      type: 'boolean',
      help: {
        en: 'ask for read access only (an application registered "read only")',
        ja: '読み取り権限だけを求める（「read only」で登録したアプリケーション）'
      }
    },
    token: {
      type: 'string',
      value: 'token',
      help: { en: 'use an existing access token (- reads stdin)', ja: '既存のアクセストークンを使う（- で標準入力）' }
    },
    'insecure-storage': {
      type: 'boolean',
      help: {
        en: 'keep secrets unencrypted in a file readable only by you (no credential store here)',
        ja: '秘密情報を暗号化せずに、あなただけが読めるファイルに保存する（資格情報ストアがない場合）'
      }
    },
    'no-browser': {
      type: 'boolean',
      help: { en: 'only print the address, do not open a browser', ja: 'アドレスを表示するだけでブラウザを開かない' }
    }
  },
  async run(ctx) {
    if (ctx.flags.oob && ctx.flags.token !== undefined) {
      throw new UsageError({
        en: '--oob and --token cannot be used together.',
        ja: '--oob と --token は同時に使えません。'
      })
    }
    const quiet = ctx.flags['no-browser'] === true
    if (ctx.flags['insecure-storage'] === true) chooseFile(ctx)
    const account = await readAccount(quiet ? { ...ctx, io: { ...ctx.io, openBrowser: async () => undefined } } : ctx)
    const session = account.account.session()
    if (!session) {
      // A refused saved address says why; else the service is not set up.
      ctx.io.err(ctx.t(account.account.signedOutReason() ?? NOT_CONFIGURED))
      return EXIT.failure
    }
    try {
      const info = await signInWith(ctx, session)
      await rememberClientSecret(ctx, account)
      ctx.io.err(describeUser(ctx, info))
      printWriteHint(ctx, info)
      return EXIT.ok
    } catch (e) {
      return failWith(ctx, e)
    }
  }
}

const NOT_CONFIGURED: LocalizedText = {
  en: 'Onair does not know the service yet: set ONAIR_MEDIA_URL, ONAIR_CLIENT_ID and ONAIR_CLIENT_SECRET (or pass --media-url and --client-id).',
  ja: 'サービスの設定がありません。ONAIR_MEDIA_URL、ONAIR_CLIENT_ID、ONAIR_CLIENT_SECRET を設定してください（または --media-url と --client-id を指定してください）。'
}

/**
 * A process's arguments are readable by every user of the machine (`ps`, /proc/<pid>/cmdline) and
 * land in the shell's history: the token still works, but the user is told, each time, how to keep
 * it out of both.
 */
const TOKEN_IN_ARGUMENTS: LocalizedText = {
  en: 'Warning: a token on the command line can be read by other users of this computer (in `ps`) and stays in your shell history. Pipe it in instead: onair sign-in --token -',
  ja: '警告: コマンドラインに書いたトークンは、このコンピューターの他のユーザーも（ps で）読めるうえ、シェルの履歴にも残ります。標準入力から渡してください: onair sign-in --token -'
}

/**
 * Onair asks for `read write`, which an application registered "read only" cannot grant: the
 * service then shows its own error page and never sends the browser back, so the user is told
 * before waiting what that page means and what to do.
 */
const NEEDS_WRITE: LocalizedText = {
  en: 'Onair asks for read and write access: the application must be registered "read write" at the service. If the browser shows "The requested scope is invalid, unknown, or malformed.", it is registered read only: change it to read write, or press Ctrl-C and run onair sign-in --read-only (the schedule and reminders work, recording does not).',
  ja: 'Onair は読み取りと書き込みの権限を求めます。サービスでアプリケーションを「read write」として登録しておく必要があります。ブラウザに「The requested scope is invalid, unknown, or malformed.」と表示された場合は読み取り専用で登録されています。read write に変更するか、Ctrl-C を押して onair sign-in --read-only を実行してください（番組表とリマインダーは使えますが、記録はできません）。'
}

async function signInWith(ctx: CommandContext, session: Session): Promise<SessionInfo> {
  if (typeof ctx.flags.token === 'string') {
    if (ctx.flags.token !== '-') ctx.io.err(ctx.t(TOKEN_IN_ARGUMENTS))
    const token = ctx.flags.token === '-' ? await ctx.io.readLine() : ctx.flags.token
    return session.signInWithToken(token ?? '')
  }
  const opts = { readOnly: ctx.flags['read-only'] === true }
  if (ctx.flags.oob) {
    ctx.io.out(session.startOobSignIn(opts))
    if (!opts.readOnly) ctx.io.err(ctx.t(NEEDS_WRITE))
    ctx.io.err(
      ctx.t({
        en: 'Open the address above, approve, and paste the code shown:',
        ja: '上のアドレスを開いて許可し、表示されたコードを貼り付けてください:'
      })
    )
    const code = await ctx.io.readLine()
    return session.completeOobSignIn(code ?? '')
  }
  const pending = await session.startBrowserSignIn(opts)
  ctx.io.out(pending.url)
  if (!opts.readOnly) ctx.io.err(ctx.t(NEEDS_WRITE))
  ctx.io.err(
    ctx.t({ en: 'Waiting for the browser (up to 5 minutes)…', ja: 'ブラウザからの応答を待っています（最大 5 分）…' })
  )
  return pending.done
}

/**
 * Sign-out needs the client secret to revoke; keep it with the token rather than in the shell,
 * bound like the token to the address it was given with.
 */
async function rememberClientSecret(ctx: CommandContext, account: CliAccount): Promise<void> {
  const { clientSecret, mediaUrl } = ctx.config
  if (!clientSecret || !mediaUrl) return
  const stored = boundSecret(account.secrets, 'mediaClientSecret', mediaUrl)
  if (stored.get() !== clientSecret.reveal()) await stored.set(clientSecret.reveal())
}

/** The user's explicit choice of the plain file, kept in the folder so every face follows it. */
function chooseFile(ctx: CommandContext): void {
  settingsFileStore(ctx.config.dataDir).update((s) => ({ ...s, secrets: { ...s.secrets, storage: 'file' } }))
  ctx.io.err(
    ctx.t({
      en: 'Secrets of this data folder are now kept unencrypted in a file readable only by you (secrets.storage = file). To use the credential store again: onair config set secrets.storage keyring',
      ja: 'このデータフォルダーの秘密情報は、あなただけが読めるファイルに暗号化せずに保存されます（secrets.storage = file）。資格情報ストアに戻すには: onair config set secrets.storage keyring'
    })
  )
}
