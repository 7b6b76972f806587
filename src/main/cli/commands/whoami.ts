import { AuthError } from '../../core/auth/errors'
import { EXIT, type Command } from '../command'
import { readAccount } from '../context'
import { describeUser, failWith, printWriteHint } from '../report'

export const whoami: Command = {
  usage: ['whoami [--json]'],
  description: {
    en: 'Asks the service about the saved token (so a revoked token is noticed); when the service cannot be reached, shows what was saved at sign-in with a warning. The service has no "me" endpoint: username and name are known only once a record of yours came back, and are null until then.',
    ja: '保存されたトークンについてサービスに問い合わせます（取り消されたトークンを検出します）。サービスに接続できない場合は、サインイン時に保存した内容を警告付きで表示します。サービスに「自分」を返す API がないため、ユーザー名と名前は自分の記録が返ってくるまで null です。'
  },
  options: {
    json: {
      type: 'boolean',
      help: {
        en: 'print {"user": {"id", "username", "name"}, "scopes": [...]}',
        ja: '{"user": {"id", "username", "name"}, "scopes": [...]} を出力する'
      }
    }
  },
  async run(ctx) {
    // Nothing configured and nothing stored can only mean nobody signed in yet.
    const session = (await readAccount(ctx)).account.session()
    let info = session?.info()
    if (!session || !info) return failWith(ctx, new AuthError('not_signed_in'))
    try {
      info = await session.refresh()
    } catch (e) {
      if (!(e instanceof AuthError && e.code === 'unreachable')) return failWith(ctx, e)
      ctx.io.err(
        ctx.t({
          en: 'Offline: showing what was saved at sign-in.',
          ja: 'オフラインのため、サインイン時に保存した内容を表示します。'
        })
      )
    }
    if (ctx.flags.json) {
      const { id, username, name } = info.user
      ctx.io.out(JSON.stringify({ user: { id, username, name }, scopes: info.scopes }))
    } else {
      ctx.io.out(describeUser(ctx, info))
      printWriteHint(ctx, info)
    }
    return EXIT.ok
  }
}
