import { z } from 'zod'
import { SHORTCUT_ACTIONS, type KeyPress } from '../shortcut-press'

/**
 * Global shortcuts (Settings → Shortcuts). Stored in `settings.shortcuts`, but changed only here:
 * the shell must take the key combination from the system first, and when another app holds it the
 * old one stays, in the system and in the file.
 */
const ShortcutState = z.strictObject({
  /** '' for none. */
  accelerator: z.string(),
  /** Registered with the system now; false when another app held it at start. */
  active: z.boolean()
})
export const ShortcutsInfo = z.strictObject({ toggleWindow: ShortcutState, quickRecord: ShortcutState })
export type ShortcutsInfo = z.output<typeof ShortcutsInfo>

export const shortcutsCommands = {
  'shortcuts:get': { input: z.undefined(), output: ShortcutsInfo },
  /** '' removes the shortcut. Refused with a reason (both languages) when it cannot be had. */
  'shortcuts:set': {
    input: z.strictObject({ action: z.enum(SHORTCUT_ACTIONS), accelerator: z.string().max(100) }),
    output: ShortcutsInfo
  },
  /**
   * A keydown in the Settings field, named by the core's key table on its platform, then set as above.
   * null when nothing changed: the key has no name (the field waits for another) or it is the
   * shortcut the action already has.
   */
  'shortcuts:record': {
    input: z.strictObject({
      action: z.enum(SHORTCUT_ACTIONS),
      press: z.strictObject({
        code: z.string().max(40),
        ctrlKey: z.boolean(),
        altKey: z.boolean(),
        shiftKey: z.boolean(),
        metaKey: z.boolean()
      }) satisfies z.ZodType<KeyPress>
    }),
    output: ShortcutsInfo.nullable()
  }
} as const
