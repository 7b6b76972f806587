/** What a record carries beside its episode: the fields of RecordFields.svelte, a new record's or an edit's. */
export interface RecordContent {
  comment: string
  rating: number | null
  shareMicroblog: boolean
  shareSocialnet: boolean
}
