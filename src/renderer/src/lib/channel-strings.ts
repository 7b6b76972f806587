import type { LocalizedText } from '../../../shared/contract'

/** The words of the "When you can watch" settings section and of shifted schedule rows (shown with `localized`). */
export const heading: LocalizedText = { en: 'When you can watch', ja: '視聴できる時刻' }
export const onePerEpisode: LocalizedText = {
  en: 'One reminder per episode (the earliest channel after offsets)',
  ja: '同じ話は1回だけ通知（時差を足して最も早いチャンネル）'
}
export const hint: LocalizedText = {
  en: 'Minutes from broadcast until a channel’s episodes can be watched (−60 to 1440; e.g. 60 if it streams an hour after TV). Reminders and calendar events move with it.',
  ja: '放送から視聴できるまでの分数（−60〜1440。テレビの 1 時間後に配信なら 60）。リマインダーとカレンダーの予定もずれます。'
}
export const none: LocalizedText = {
  en: 'Channels appear here once the schedule lists them.',
  ja: '番組表にチャンネルが載るとここに表示されます。'
}
export const channels: LocalizedText = { en: 'Channels', ja: 'チャンネル' }
export const offset: LocalizedText = { en: 'Offset, min', ja: '時差（分）' }
export const offsetLabel: LocalizedText = { en: 'Offset in minutes for {channel}', ja: '{channel} の時差（分）' }
export const remind: LocalizedText = { en: 'Remind', ja: '通知' }
export const remindLabel: LocalizedText = { en: 'Reminders for {channel}', ja: '{channel} のリマインダー' }
export const channelId: LocalizedText = { en: 'Channel {id}', ja: 'チャンネル {id}' }
/** Schedule row: the time the episode can be watched, after the channel's offset. */
export const watchAt: LocalizedText = { en: 'watch at {time}', ja: '{time}から視聴可' }
export const silent: LocalizedText = { en: 'No reminders', ja: '通知なし' }
