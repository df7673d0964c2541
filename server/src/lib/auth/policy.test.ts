import { ROLES } from '@stockyard/contract';
import { describe, expect, it } from 'vitest';
import { can } from './policy';

describe('who sees money', () => {
  it('grants costs:read to every role that reads a store report, whose rows always carry their values', () => {
    for (const role of ROLES) {
      if (can(role, 'reports:own-store') || can(role, 'reports:any-store')) expect(can(role, 'costs:read'), role).toBe(true);
    }
    expect(can('store-user', 'costs:read')).toBe(false);
  });
});
