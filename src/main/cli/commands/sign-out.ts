import { EXIT, type Command } from '../command'
import { readAccount } from '../context'
import { failWith } from '../report'

export const signOut: Command = {
  usage: ['sign-out'],
  description: {
    en: 'Revokes the access token at the service, then deletes it and the cached personal data (schedule, reminders, queued records) from this computer; settings are kept. When offline the token is still forgotten here, and you are told it could not be revoked.',
    ja: 'サービスでアクセストークンを取り消し、このコンピューターからトークンとキャッシュされた個人データ（番組表、通知、送信待ちの記録）を削除します。設定は残ります。オフラインの場合もトークンはここから削除され、取り消せなかったことをお知らせします。'
  },
  options: {},
  async run(ctx) {
    const session = (await readAccount(ctx)).account.session()
    if (!session || session.accessToken() === undefined) {
      ctx.io.err(
        ctx.t({ en: 'You are not signed in; nothing to do.', ja: 'サインインしていないため、何もしませんでした。' })
      )
      return EXIT.ok
    }
    try {
      const result = await session.signOut()
      ctx.io.err(ctx.t(result.message))
      return EXIT.ok
    } catch (e) {
      return failWith(ctx, e)
    }
  }
}
