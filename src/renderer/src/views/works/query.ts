import type { WorksQuery } from '../../../../shared/records'
import { SEASON_PATTERN, type StatusKind } from '../../../../shared/status-kinds'

/** What the filter form holds: strings as typed, '' meaning "no filter". */
export interface WorksForm {
  status: Exclude<StatusKind, 'no_select'> | ''
  season: string
  title: string
  sortBy: 'id' | 'season' | 'watchers'
  order: 'asc' | 'desc'
  perPage: 25 | 50
}

export const emptyForm = (): WorksForm => ({
  status: '',
  season: '',
  title: '',
  sortBy: 'id',
  order: 'desc',
  perPage: 25
})

/**
 * The query for one page, or null when the season is not a form the service accepts: checked
 * here with the pattern the contract's schema uses, so the user hears why at once instead of getting the
 * service's 400.
 */
export function queryOf(form: WorksForm, page: number): WorksQuery | null {
  const season = form.season.trim().toLowerCase()
  if (season && !SEASON_PATTERN.test(season)) return null
  const title = form.title.trim()
  return {
    ...(form.status ? { status: form.status } : {}),
    ...(season ? { season } : {}),
    ...(title ? { title } : {}),
    sort: { by: form.sortBy, order: form.order },
    page,
    perPage: form.perPage
  }
}

export const isFiltered = (form: WorksForm) =>
  form.status !== '' || form.season.trim() !== '' || form.title.trim() !== ''
