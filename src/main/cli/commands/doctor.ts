import { folderSecrets } from '../../core/auth/folder-secrets'
import { describeError } from '../../core/describe-error'
import { settingsFileStore } from '../../core/store/settings'
import { diagnostics } from '../../core/diagnostics/gather'
import { appLogFile } from '../../core/store/data-files'
import { EXIT, type Command } from '../command'
import { movedAside } from '../moved-aside'
import { failWith } from '../report'
import { cliVersion, nodeSupport } from '../version'

/**
 * `onair doctor`: what the app's Settings → About → Copy diagnostics copies, for a bug report:
 * versions, system, language and time zone, the data folder, who serves its reminders, the last
 * poll, the outbox, the reminder history and the app's last log lines. Reads only; no secret
 * (token, client secret, webhook or feed address secret) ever appears, even one quoted in the log.
 */
export const doctor: Command = {
  usage: ['doctor'],
  description: {
    en: 'Prints facts for a bug report: versions, system, language, time zone, data folder, where secrets are kept (the credential store, or the plain file you chose) and whether it can be read now, which process serves reminders, last poll, outbox counts, reminder history summary and the last 50 lines of the app’s log. Tokens, the client secret and the secret part of the webhook and calendar feed addresses are replaced by [redacted].',
    ja: '不具合の報告に役立つ情報を表示します: バージョン、システム、言語、タイムゾーン、データフォルダー、秘密情報の保存先（資格情報ストア、または選択した平文のファイル）と現在読めるかどうか、リマインダーを担当しているプロセス、最後の取得、送信待ちの件数、リマインダー履歴の集計、アプリのログの最後の 50 行。トークン、クライアントシークレット、Webhook とカレンダー配信のアドレスの秘密の部分は [redacted] に置き換えます。'
  },
  options: {},
  async run(ctx) {
    const { dataDir } = ctx.config
    const secrets = folderSecrets(dataDir, () => settingsFileStore(dataDir).read().secrets.storage)
    // Read so that their values are kept out of the report; a store that cannot be read is a fact.
    const secretsTrouble = await secrets.reload().then(
      () => undefined,
      (e: unknown) => describeError(e)?.message ?? { en: String(e), ja: String(e) }
    )
    try {
      ctx.io.write(
        diagnostics({
          dataDir,
          now: ctx.clock.now(),
          versions: { onair: cliVersion(), node: nodeSupport(process.versions.node, ctx.locale) },
          systemLocale: ctx.io.env.LANG ?? Intl.DateTimeFormat().resolvedOptions().locale,
          locale: ctx.locale,
          logFile: appLogFile(dataDir),
          secrets,
          secretsTrouble,
          moreSecrets: [ctx.config.clientSecret?.reveal(), ctx.config.wikiToken?.reveal()],
          onCorrupt: movedAside(ctx)
        })
      )
    } catch (e) {
      return failWith(ctx, e)
    }
    return EXIT.ok
  }
}
