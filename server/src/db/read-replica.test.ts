import { describe, expect, it } from 'vitest';
import { isReplicaFailure } from './read-replica';
import { lsnValue } from './write-positions';

describe('read replica', () => {
  it('orders WAL positions by both their halves', () => {
    expect(lsnValue('0/3000000')).toBe(0x3000000n);
    expect(lsnValue('16/B374D848') > lsnValue('15/FFFFFFFF')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });

  it('sends a read to the primary again when the replica went away, not when the read itself failed', () => {
    expect(isReplicaFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaFailure(new Error('Failed query', { cause: Object.assign(new Error('terminating'), { code: '57P01' }) }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('conflict with recovery'), { code: '40001' }))).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isReplicaFailure(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(false);
  });
});
