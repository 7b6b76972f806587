import { OutboxDoc } from '../../../shared/records'
import { folderDocument, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/** `outbox.json` in the data folder: personal (0600), kept at sign-out unless the user discards it. */
export function outboxFileStore(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): DocumentStore<OutboxDoc> {
  return folderDocument({
    dataDir,
    name: 'outbox',
    schema: OutboxDoc,
    defaults: (): OutboxDoc => ({ version: 1, entries: [], recent: [] }),
    onCorrupt,
    lossNote: {
      en: 'Records still waiting to be sent are in the copy: if one does not appear on the service, record it again.',
      ja: '送信待ちだった記録は退避したファイルに残っています。サービスに反映されていない記録があれば、もう一度記録してください。'
    }
  })
}
