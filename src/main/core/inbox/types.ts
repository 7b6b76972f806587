import type { LocalizedText } from '../../../shared/contract/common'
import type { InboxTypeFamily } from '../../../shared/inbox'

/**
 * What each inbox entry type is called and which icon family it belongs to: for the view (the
 * core sends both with each entry), the command line and native notifications alike. A type not
 * listed (the wiki adds some over time) gets the generic label and the 'other' icon.
 */
const TYPE_LABELS: Record<string, LocalizedText> = {
  ArticleCommentMentionNotification: { en: 'Mentioned in a comment', ja: 'コメントでメンション' },
  ArticleCommentNotification: { en: 'Comment on your article', ja: '記事へのコメント' },
  ArticleCommentReactionNotification: { en: 'Reaction to your comment', ja: 'コメントへのリアクション' },
  ArticleMentionNotification: { en: 'Mentioned in an article', ja: '記事でメンション' },
  ArticleReactionNotification: { en: 'Reaction to your article', ja: '記事へのリアクション' },
  ArticleReferenceNotification: { en: 'Article referenced', ja: '記事が参照されました' },
  IssueCommentMentionNotification: { en: 'Mentioned in an issue comment', ja: 'イシューのコメントでメンション' },
  IssueCommentNotification: { en: 'Comment on an issue', ja: 'イシューへのコメント' },
  IssueCommentReactionNotification: { en: 'Reaction to your issue comment', ja: 'イシューのコメントへのリアクション' },
  IssueMentionNotification: { en: 'Mentioned in an issue', ja: 'イシューでメンション' },
  IssueReactionNotification: { en: 'Reaction to an issue', ja: 'イシューへのリアクション' },
  PageMentionNotification: { en: 'Mentioned on a page', ja: 'ページでメンション' },
  article_created: { en: 'Article created', ja: '記事が作成されました' },
  article_updated: { en: 'Article updated', ja: '記事が更新されました' },
  article_deleted: { en: 'Article deleted', ja: '記事が削除されました' },
  issue_created: { en: 'Issue opened', ja: 'イシューが作成されました' },
  issue_comment_created: { en: 'Issue comment', ja: 'イシューへのコメント' },
  page_created: { en: 'Page created', ja: 'ページが作成されました' },
  page_updated: { en: 'Page updated', ja: 'ページが更新されました' },
  page_deleted: { en: 'Page deleted', ja: 'ページが削除されました' }
}
const GENERIC_LABEL: LocalizedText = { en: 'Wiki activity', ja: 'Wikiのお知らせ' }

export function inboxTypeLabel(type: string): LocalizedText {
  return Object.hasOwn(TYPE_LABELS, type) ? (TYPE_LABELS[type] as LocalizedText) : GENERIC_LABEL
}

export function inboxTypeFamily(type: string): InboxTypeFamily {
  if (!Object.hasOwn(TYPE_LABELS, type)) return 'other'
  if (type.includes('Mention')) return 'mention'
  if (type.includes('Reaction')) return 'reaction'
  if (type.includes('Reference')) return 'reference'
  if (type.includes('Comment') || type === 'issue_comment_created') return 'comment'
  return 'change'
}
