/**
 * The question a new service address needs before it takes effect: a native dialog the
 * main process shows, which no script in the page can answer or fake. Cancel is the default, and
 * what Escape or closing the dialog answers.
 */
import { dialog, type BrowserWindow } from 'electron'
import type { Locale } from '../../shared/locale'
import { addressChangeQuestion, type AddressChange } from '../core/account/addresses'

const CHANGE = 0
const CANCEL = 1

export async function confirmAddressChange(
  parent: BrowserWindow,
  changes: AddressChange[],
  language: Locale
): Promise<boolean> {
  const q = addressChangeQuestion(changes)
  const { response } = await dialog.showMessageBox(parent, {
    type: 'warning',
    title: 'Onair',
    message: q.message[language],
    detail: q.detail[language],
    buttons: [q.confirm[language], q.cancel[language]],
    defaultId: CANCEL,
    cancelId: CANCEL,
    noLink: true
  })
  return response === CHANGE
}
