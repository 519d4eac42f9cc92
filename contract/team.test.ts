import { describe, expect, it } from 'vitest';
import { leavesNoOwner } from './team.ts';

const owner = { role: 'owner', disabled: false } as const;

describe('the last-owner rule', () => {
  it('refuses taking away the only active owner, by role or by disabling', () => {
    expect(leavesNoOwner(owner, { role: 'staff', disabled: false }, 1)).toBe(true);
    expect(leavesNoOwner(owner, { role: 'owner', disabled: true }, 1)).toBe(true);
  });

  it('allows it while another active owner is left', () => {
    expect(leavesNoOwner(owner, { role: 'staff', disabled: false }, 2)).toBe(false);
  });

  it('allows any change that leaves the account an active owner, or that never made it one', () => {
    expect(leavesNoOwner(owner, owner, 1)).toBe(false);
    expect(leavesNoOwner({ role: 'owner', disabled: true }, { role: 'staff', disabled: true }, 0)).toBe(false);
    expect(leavesNoOwner({ role: 'staff', disabled: false }, { role: 'staff', disabled: true }, 1)).toBe(false);
  });
});
