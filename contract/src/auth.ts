import { z } from 'zod';
import {
  fieldTooLong,
  IdSchema,
  MessageResponseSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_ONLY_SPACES,
  RoleSchema,
  SIGN_IN_PASSWORD_MAX,
} from './common';
import { LANGUAGES } from './languages';
import { LOGIN_INVALID, LOGIN_MISSING_FIELDS } from './messages';

export { LOGIN_INVALID, LOGIN_MISSING_FIELDS };

export const LoginRequestSchema = z.object({
  email: z.string({ message: LOGIN_MISSING_FIELDS }).trim().min(1, LOGIN_MISSING_FIELDS).max(320, LOGIN_INVALID),
  password: z.string({ message: LOGIN_MISSING_FIELDS }).min(1, LOGIN_MISSING_FIELDS).max(SIGN_IN_PASSWORD_MAX, LOGIN_INVALID),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * `{token, role}` for an account without a second factor. An account with one answers
 * `{mfaRequired: true, mfaToken}` instead, and an admin who must set one up `{mfaSetupRequired: true, mfaToken}`:
 * the short-lived `mfaToken` only finishes this sign-in.
 */
export const LanguageSchema = z.enum(LANGUAGES, { message: 'Language must be one of en, es, fr, hi' });
export const SetLanguageRequestSchema = z.object({ language: LanguageSchema });
export const SetLanguageResponseSchema = z.object({ message: z.string(), language: LanguageSchema });

export const LoginResponseSchema = z.object({
  token: z.string().optional(),
  role: RoleSchema.optional(),
  mfaRequired: z.literal(true).optional(),
  mfaSetupRequired: z.literal(true).optional(),
  mfaToken: z.string().optional(),
  /** The language the person chose, once signed in; null until they choose one. */
  language: LanguageSchema.nullable().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const NEW_PASSWORD_REQUIRED = 'Please enter a new password.';

export const newPasswordSchema = z
  .string({ message: NEW_PASSWORD_REQUIRED })
  .min(1, NEW_PASSWORD_REQUIRED)
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, fieldTooLong('Password', PASSWORD_MAX))
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

import { MFA_CODE_REQUIRED, MFA_CODE_WRONG } from './messages';

export { MFA_ALREADY_ON, MFA_CODE_REQUIRED, MFA_CODE_WRONG, MFA_NOT_STARTED, MFA_TOKEN_ENDED } from './messages';

const MfaCodeSchema = z.string({ message: MFA_CODE_REQUIRED }).trim().min(1, MFA_CODE_REQUIRED).max(32, MFA_CODE_WRONG);

/** The signed-in person proves their password again to turn a second factor on; at an admin's first sign-in it was just proved. */
export const MfaEnrollRequestSchema = z.object({ currentPassword: z.string().max(SIGN_IN_PASSWORD_MAX).optional() });
export const MfaEnrollResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const MfaConfirmRequestSchema = z.object({ code: MfaCodeSchema });
/** The ten recovery codes, shown once; and, when this finished an admin's sign-in, its token. */
export const MfaConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  token: z.string().optional(),
  role: RoleSchema.optional(),
});
export const MfaSignInRequestSchema = z.object({ mfaToken: z.string().min(1).max(2000), code: MfaCodeSchema });
export const MfaStatusResponseSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
