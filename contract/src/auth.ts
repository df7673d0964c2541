import { z } from 'zod';
import {
  IdSchema,
  MessageResponseSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_ONLY_SPACES,
  RoleSchema,
  SIGN_IN_PASSWORD_MAX,
} from './common';

import { LOGIN_INVALID, LOGIN_MISSING_FIELDS } from './messages';

export { LOGIN_INVALID, LOGIN_MISSING_FIELDS };

export const LoginRequestSchema = z.object({
  email: z.string({ message: LOGIN_MISSING_FIELDS }).trim().min(1, LOGIN_MISSING_FIELDS).max(320, LOGIN_INVALID),
  password: z.string({ message: LOGIN_MISSING_FIELDS }).min(1, LOGIN_MISSING_FIELDS).max(SIGN_IN_PASSWORD_MAX, LOGIN_INVALID),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), role: RoleSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const NEW_PASSWORD_REQUIRED = 'Please enter a new password.';

export const newPasswordSchema = z
  .string({ message: NEW_PASSWORD_REQUIRED })
  .min(1, NEW_PASSWORD_REQUIRED)
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((password) => password.trim() !== '', PASSWORD_ONLY_SPACES);

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';
const currentPasswordSchema = z
  .string({ message: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(SIGN_IN_PASSWORD_MAX, CURRENT_PASSWORD_WRONG);

/** A stolen token alone cannot take the account over: the change needs the current password too. */
export const ChangePasswordRequestSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The own-password form: the confirmation never leaves the browser. */
export const ChangePasswordFormSchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** Changing one's own password ends every session, so the answer carries a fresh token. */
export const ChangePasswordResponseSchema = MessageResponseSchema.extend({ token: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

export const ChangeUserPasswordRequestSchema = z.object({
  userId: IdSchema,
  newPassword: newPasswordSchema,
});
export type ChangeUserPasswordRequest = z.infer<typeof ChangeUserPasswordRequestSchema>;
