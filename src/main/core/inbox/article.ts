import type { ArticlePreview } from '../../../shared/inbox'
import { ApiError } from '../http/errors'
import { UserErrorException } from '../user-error'
import type { ImageLoader } from '../images/loader'
import type { WikiClient } from '../wiki/client'
import { dateTimeMs } from '../wiki/schemas'
import { describeRefreshFailure, NO_WIKI_TOKEN } from './messages'

/**
 * The article an inbox entry points to, reduced to what the preview shows. `renderedBody` stays
 * untrusted HTML: the renderer sanitizes it right before display, where the DOM is.
 */
export async function fetchArticlePreview(
  wiki: WikiClient | null | undefined,
  ref: { userName: string; timestampId: string },
  images?: Pick<ImageLoader, 'fetchAvatar'>
): Promise<ArticlePreview> {
  if (!wiki) throw new UserErrorException('wiki-not-configured', NO_WIKI_TOKEN, 'settings')
  try {
    const a = await wiki.getArticle(ref.userName, ref.timestampId)
    // Fetched here (from the wiki's own host only) and handed over as data: the page loads nothing.
    const avatar = await images?.fetchAvatar(a.user.image_url)
    return {
      title: a.title,
      tags: a.tags.map((t) => t.name),
      author: avatar ? { name: a.user.name, avatar } : { name: a.user.name },
      ...(a.community ? { community: a.community.name } : {}),
      createdAt: dateTimeMs(a.created_at),
      ...(a.updated_at ? { updatedAt: dateTimeMs(a.updated_at) } : {}),
      ...(a.rendered_body !== undefined ? { renderedBody: a.rendered_body } : {}),
      body: a.body
    }
  } catch (e) {
    if (e instanceof RangeError)
      throw new UserErrorException('invalid-article', {
        en: 'This link does not name a wiki article.',
        ja: 'このリンクはWikiの記事を指していません。'
      })
    if (!(e instanceof ApiError)) throw e
    throw new UserErrorException(
      `wiki-${e.kind}`,
      describeRefreshFailure(e).message,
      e.kind === 'auth' ? 'settings' : undefined
    )
  }
}
