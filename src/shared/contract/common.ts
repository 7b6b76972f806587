import { z } from 'zod'
import type { LocalizedText as Text } from '../locale'

/** Every user-facing string the main process produces comes in both UI languages. */
export const LocalizedText = z.strictObject({
  en: z.string().min(1),
  ja: z.string().min(1)
}) satisfies z.ZodType<Text>
export type LocalizedText = Text

/**
 * The one shape of a failure the user can see.
 *
 * Error convention (the same for every command):
 * - A handler that cannot do what was asked THROWS a `UserErrorException` carrying a `UserError`.
 *   Failures that are a normal outcome the UI must branch on (e.g. "nothing to undo") are not
 *   errors: they belong in the command's output schema.
 * - `dispatch` never throws. It answers with a `Reply` envelope: `{ ok: true, value }` or
 *   `{ ok: false, error: UserError }`; anything unexpected becomes `code: 'internal'`.
 * - The bridge (preload, or the e2e fixture) unwraps it: `invoke` resolves with the value or
 *   rejects with the plain `UserError` object. Plain data, because Error subclasses lose their
 *   own properties when crossing IPC and the context bridge.
 */
export const UserError = z.strictObject({
  /** Stable machine-readable code, e.g. `invalid-input`. */
  code: z.string().min(1),
  message: LocalizedText,
  /** A hint at what to do next (a settings view, a retry), in the renderer's own terms. */
  action: z.string().min(1).optional()
})
export type UserError = z.infer<typeof UserError>
