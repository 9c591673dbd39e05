import { describe, expect, it } from 'vitest';
import { blockedRefusal } from './member-blocks';

describe('blockedRefusal (R-BLOCK)', () => {
  it('refuses a member the seller blocked, and nobody else', () => {
    expect(blockedRefusal({ blockedIds: ['x', 'y'] }, 'y')).toBe('BLOCKED_BY_SELLER');
    expect(blockedRefusal({ blockedIds: ['x'] }, 'z')).toBeNull();
    expect(blockedRefusal({}, 'x')).toBeNull();
    expect(blockedRefusal(null, 'x')).toBeNull();
  });
});
