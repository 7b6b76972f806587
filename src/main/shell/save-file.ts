/**
 * "Export .ics": the system's save dialog, then the same atomic write as every other file Onair
 * saves (a cancelled or failed export leaves whatever was at that path untouched).
 */
import { dialog } from 'electron'
import { writeAtomic } from '../core/store/atomic-write'

export async function saveWithDialog(name: string, text: string): Promise<string | null> {
  const choice = await dialog.showSaveDialog({
    defaultPath: name,
    filters: [{ name: 'iCalendar', extensions: ['ics'] }]
  })
  if (choice.canceled || !choice.filePath) return null
  // Readable by the calendar app the user will open it with, as any exported document.
  writeAtomic(choice.filePath, text, 0o644)
  return choice.filePath
}
