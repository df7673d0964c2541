import { z } from 'zod';
import { MessageResponseSchema, NAME_MAX, optionalText, requiredText } from './common';

export const STORE_STATUSES = ['Active', 'Inactive'] as const;
export const STORE_EDIT_REQUIRED = 'Store name, location, and status are required.';
export const STORE_IN_USE = 'This store has materials, tools, stock movements or users and cannot be deleted. Mark it Inactive instead.';

export const StoreCreateRequestSchema = z.object({
  name: requiredText('Store name'),
  location: optionalText('Store address', 500),
  openingHours: optionalText('Opening hours', 200),
  status: z.enum(STORE_STATUSES, { message: 'Status must be Active or Inactive' }).default('Active'),
});
export type StoreCreateRequest = z.input<typeof StoreCreateRequestSchema>;

export const StoreUpdateRequestSchema = z.object({
  name: z.string({ message: STORE_EDIT_REQUIRED }).trim().min(1, STORE_EDIT_REQUIRED).max(NAME_MAX),
  location: z.string({ message: STORE_EDIT_REQUIRED }).trim().min(1, STORE_EDIT_REQUIRED).max(500),
  isActive: z.boolean({ message: STORE_EDIT_REQUIRED }),
});
export type StoreUpdateRequest = z.infer<typeof StoreUpdateRequestSchema>;

export const StoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  storeName: z.string(),
  location: z.string(),
  openingHours: z.string(),
  isActive: z.boolean(),
  status: z.enum(STORE_STATUSES),
  createdAt: z.string(),
});
export type Store = z.infer<typeof StoreSchema>;

export const StoreListResponseSchema = z.array(StoreSchema);
export const StoreWriteResponseSchema = MessageResponseSchema.extend({ store: StoreSchema });
