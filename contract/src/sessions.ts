import { z } from 'zod';

export const SESSION_NOT_FOUND = 'Session not found';

/** One signed-in device of a user, as the Sessions page lists it. */
export const SessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** "Chrome on Android", from the device's User-Agent; "Unknown browser" without one. */
  browser: z.string(),
  address: z.string().nullable(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionSignOutResponseSchema = z.object({ message: z.string(), signedOut: z.number() });
