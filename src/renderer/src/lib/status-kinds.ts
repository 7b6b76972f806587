import type { LocalizedText } from '../../../shared/contract'
import type { StatusKind } from '../../../shared/records'

/** The six watching statuses as the service's own site names them, for every view that shows one. */
export const statusKindLabels: Record<StatusKind, LocalizedText> = {
  wanna_watch: { en: 'Want to watch', ja: '見たい' },
  watching: { en: 'Watching', ja: '見てる' },
  watched: { en: 'Watched', ja: '見た' },
  on_hold: { en: 'On hold', ja: '一時中断' },
  stop_watching: { en: 'Stopped watching', ja: '視聴中止' },
  no_select: { en: 'No status', ja: '未選択' }
}
