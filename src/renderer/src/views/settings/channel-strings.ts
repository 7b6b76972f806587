/** The words of the "When you can watch" settings section and of shifted schedule rows (shown with `localized`). */
export const w = {
  heading: { en: 'When you can watch', ja: '視聴できる時刻' },
  onePerEpisode: {
    en: 'One reminder per episode (the earliest channel after offsets)',
    ja: '同じ話は1回だけ通知（時差を足して最も早いチャンネル）'
  },
  hint: {
    en: 'Minutes from the broadcast to when a channel’s episodes can really be watched (−60 to 1440, e.g. 60 for a service that streams an hour after TV). Reminders and calendar events move with it.',
    ja: '放送から実際に見られるまでの分数（−60〜1440。例: テレビの1時間後に配信されるなら 60）。リマインダーとカレンダーの予定がその分ずれます。'
  },
  none: {
    en: 'Channels appear here once the schedule lists them.',
    ja: '番組表にチャンネルが載るとここに表示されます。'
  },
  channels: { en: 'Channels', ja: 'チャンネル' },
  offset: { en: 'Offset, min', ja: '時差（分）' },
  offsetLabel: { en: 'Offset in minutes for {channel}', ja: '{channel} の時差（分）' },
  remind: { en: 'Remind', ja: '通知' },
  remindLabel: { en: 'Reminders for {channel}', ja: '{channel} のリマインダー' },
  channelId: { en: 'Channel {id}', ja: 'チャンネル {id}' },
  /** Schedule row: the time the episode can be watched, after the channel's offset. */
  watchAt: { en: 'watch at {time}', ja: '{time}から視聴可' },
  silent: { en: 'No reminders', ja: '通知なし' }
}
