import { z } from 'zod'
import { SettingsSchema } from '../settings'

/**
 * Reading and changing settings. An update names only the fields it changes; the handler merges
 * it into the stored document and validates the result with the shared `SettingsSchema`. The patch
 * schema itself only pins the field names: a per-field schema would fill in the defaults of the
 * fields the update left out and so overwrite them. Service addresses are not updatable here: they
 * go through `auth:saveServices`, which also handles the client secret and the session.
 */
export const UPDATABLE_SECTIONS = [
  'ui',
  'reminders',
  'poll',
  'inbox',
  'calendar',
  'catchUp',
  'tonight',
  'startup'
] as const
export type UpdatableSection = (typeof UPDATABLE_SECTIONS)[number]

const sectionPatch = (name: UpdatableSection) => {
  const section = SettingsSchema.shape[name].unwrap() as unknown as z.ZodObject
  return z
    .strictObject(Object.fromEntries(Object.keys(section.shape).map((key) => [key, z.unknown().optional()])))
    .optional()
}

export const SettingsPatch = z.strictObject(
  Object.fromEntries(UPDATABLE_SECTIONS.map((name) => [name, sectionPatch(name)])) as Record<
    UpdatableSection,
    ReturnType<typeof sectionPatch>
  >
)
export type SettingsPatch = z.output<typeof SettingsPatch>

export const settingsCommands = {
  'settings:get': { input: z.undefined(), output: SettingsSchema },
  'settings:update': { input: SettingsPatch, output: SettingsSchema }
} as const
