import { describe, expect, it } from 'vitest';
import { toStockQuantity } from './units';

describe('a quantity entered in another unit', () => {
  it('is the exact stock quantity when it lands on the decimals', () => {
    expect(toStockQuantity(2, '40', 0)).toEqual({ stock: '80' });
    expect(toStockQuantity(50, '0.04', 0)).toEqual({ stock: '2' });
    expect(toStockQuantity('0.1', '3', 1)).toEqual({ stock: '0.3' });
  });

  it('names the nearest entries in that unit when it does not', () => {
    expect(toStockQuantity(30, '0.04', 0)).toEqual({ stock: '1.2', nearest: ['25', '50'] });
    expect(toStockQuantity(30, '0.04', 1)).toEqual({ stock: '1.2' });
    expect(toStockQuantity(10, '0.04', 0)).toEqual({ stock: '0.4', nearest: ['25'] });
    expect(toStockQuantity(1, '0.3333333333', 2)).toEqual({ stock: '0.3333333333', nearest: ['0.99', '1.02'] });
  });
});
