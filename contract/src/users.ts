import { z } from 'zod';
import {
  fieldTooLong,
  IdSchema,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_ONLY_SPACES,
  RoleSchema,
  requiredText,
  StoreRefSchema,
} from './common';

export const USER_EMAIL_TAKEN = 'A user with this email already exists.';

export const UserCreateRequestSchema = z.object({
  name: requiredText('Name'),
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(320, 'Email must be at most 320 characters')
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, fieldTooLong('Password', PASSWORD_MAX))
    .refine((password) => password.trim() !== '', PASSWORD_ONLY_SPACES),
  role: z.enum(['user', 'store-user'], { message: 'Role must be Store Keeper or User' }).default('user'),
  stores: z.array(IdSchema, { message: 'Please assign a store' }).length(1, 'Please assign exactly one store'),
});
export type UserCreateRequest = z.input<typeof UserCreateRequestSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string().max(NAME_MAX),
  email: z.string(),
  role: RoleSchema,
  stores: z.array(StoreRefSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserCreateResponseSchema = z.object({ message: z.string(), user: UserSchema });
export const UserListResponseSchema = z.object({ users: z.array(UserSchema) });
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
