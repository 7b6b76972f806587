import { OutboxDoc } from '../../../shared/records'
import { jsonFileStore, type CorruptFileReport, type DocumentStore } from '../store/json-file'
import { dataFile } from '../store/data-files'

/** `outbox.json` in the data folder: personal (0600), kept at sign-out unless the user discards it. */
export function outboxFileStore(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): DocumentStore<OutboxDoc> {
  return jsonFileStore({
    path: dataFile(dataDir, 'outbox'),
    schema: OutboxDoc,
    defaults: (): OutboxDoc => ({ version: 1, entries: [], recent: [] }),
    mode: 0o600,
    onCorrupt,
    lossNote: {
      en: 'Records still waiting to be sent are in the copy: if one does not appear on the service, record it again.',
      ja: '送信待ちだった記録は退避したファイルに残っています。サービスに反映されていない記録があれば、もう一度記録してください。'
    }
  })
}
