import type { SessionInfo } from '../../../../shared/contract'
import { t } from '../../i18n/index.svelte'

/** The service has no "me" endpoint: the name is known only once a record came back. */
export function describeUser(user: SessionInfo['user']): string {
  const who = user.name ?? user.username
  return who
    ? t('account.user.named', { name: who, id: String(user.id) })
    : t('account.user.id', { id: String(user.id) })
}
