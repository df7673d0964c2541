import { ProductSchema } from '@stockyard/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from './serializer';

const product = {
  _id: '0b7f1c1e-3d2a-4c55-9a43-2f4d8f2a9b10',
  code: 'M-1A',
  name: 'Cement OPC 53',
  categoryname: 'Binders',
  materialname: 'N/A',
  size: '50 kg',
  unit: 'bag',
  decimals: 0,
  tracksExpiry: false,
  units: [],
  totalQuantity: 100,
  restockedQuantity: 0,
  transferQuantity: 0,
  availableQuantity: 60,
  consumedQuantity: 40,
  damagedQuantity: 0,
  refundQuantity: 0,
  adjustedQuantity: 0,
  remarks: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  storeId: { _id: '5e0c1b8e-7c1d-4f5a-8a0a-6a1d2b3c4d5e', name: 'North yard' },
};

function serializerFor(schema: z.ZodType, checkAnswers: boolean) {
  return createSerializerCompiler({ checkAnswers })({ schema, method: 'GET', url: '/api/products', httpStatus: '200' });
}

describe('answers written through their response schema', () => {
  it('leave out a column a presenter let slip, the same way with and without the check', () => {
    const leaky = [{ ...product, password_hash: '$argon2id$secret', storeId: { ...product.storeId, deleted_at: null } }];
    const schema = z.array(ProductSchema);
    const checked = serializerFor(schema, true)(leaky);
    const unchecked = serializerFor(schema, false)(leaky);
    expect(checked).toBe(unchecked);
    expect(JSON.parse(checked)).toEqual([product]);
    expect(checked).not.toContain('secret');
  });

  it('refuse, when checked, an answer that does not match its schema', () => {
    const wrong = [{ ...product, availableQuantity: 'sixty' }];
    expect(() => serializerFor(z.array(ProductSchema), true)(wrong)).toThrow(/does not match its schema/);
  });
});
