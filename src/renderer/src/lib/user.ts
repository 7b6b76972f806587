import type { SessionInfo } from '../../../shared/contract'
import { localized } from '../errors'
import { fill } from './fill'
import * as s from './common-strings'

/** The service has no "me" endpoint: the name is known only once a record came back. */
export function describeUser(user: SessionInfo['user']): string {
  const who = user.name ?? user.username
  return who
    ? fill(localized(s.userNamed), { name: who, id: String(user.id) })
    : fill(localized(s.userId), { id: String(user.id) })
}
