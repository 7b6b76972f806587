import { describe, expect, it } from 'vitest'
import { episodeLabel, episodeLine, type Episode } from '../../../src/shared/episode-label'

/** The one name of an episode: the schedule's row, a reminder, the tray, the calendar, the CLI. */
const ep = (number: string | null, numberText: string | null, title: string | null = null): Episode => ({
  number,
  numberText,
  title
})

describe('episode label', () => {
  it.each([
    [
      'number and title',
      ep('6', '第6話', 'The Night Mail'),
      'Ep. 6',
      '第6話',
      'Ep. 6 “The Night Mail”',
      '第6話「The Night Mail」'
    ],
    ['number only, no label of the service', ep('6', null), 'Ep. 6', '第6話', 'Ep. 6', '第6話'],
    ['title only', ep(null, null, 'The Night Mail'), '', '', '“The Night Mail”', '「The Night Mail」'],
    ['neither', ep(null, null), '', '', '', ''],
    [
      'a half episode',
      ep('12.5', '第12.5話', 'Flour'),
      'Ep. 12.5',
      '第12.5話',
      'Ep. 12.5 “Flour”',
      '第12.5話「Flour」'
    ],
    [
      'a special: the service’s label, no number',
      ep(null, '総集編', 'Recap'),
      '総集編',
      '総集編',
      '総集編 “Recap”',
      '総集編「Recap」'
    ],
    ['an empty label of the service counts as none', ep('3', ''), 'Ep. 3', '第3話', 'Ep. 3', '第3話']
  ])('%s', (_, e, en, ja, lineEn, lineJa) => {
    expect([episodeLabel(e, 'en'), episodeLabel(e, 'ja')]).toEqual([en, ja])
    expect([episodeLine(e, 'en'), episodeLine(e, 'ja')]).toEqual([lineEn, lineJa])
  })

  it('a program without an episode has no label', () => {
    expect([episodeLabel(null, 'en'), episodeLine(null, 'ja')]).toEqual(['', ''])
  })
})
