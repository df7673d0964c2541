import { customType } from 'drizzle-orm/pg-core';

/**
 * A material's quantity: exact in the database (numeric, at most 3 decimals, so sums and the
 * movement statement's arithmetic never round), read as the JS number written from that decimal.
 * Both drivers hand numeric back as text; reading it here keeps every typed select a number.
 */
export const quantity = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'numeric(14, 3)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => String(value),
});
