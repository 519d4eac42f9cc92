import { describe, expect, it } from 'vitest';
import { passwordProblem } from './new-password.ts';

describe('the rule for a new password', () => {
  it('refuses new passwords shorter than 12 characters, absurdly long, or common (NIST SP 800-63B)', () => {
    expect(passwordProblem('short')).toBe('Use at least 12 characters.');
    expect(passwordProblem('eleven char')).toBe('Use at least 12 characters.');
    // Counted as a person sees them: an emoji is one character, not two UTF-16 units.
    expect(passwordProblem('🙂'.repeat(11))).toBe('Use at least 12 characters.');
    expect(passwordProblem('x'.repeat(1025))).toBe('Use at most 1024 characters.');
    expect(passwordProblem('passwordpassword')).toBe('This password is too common. Choose another.');
    expect(passwordProblem('QWERTY123456')).toBe('This password is too common. Choose another.');
    expect(passwordProblem('1qaz2wsx3edc')).toBe('This password is too common. Choose another.');
    // No composition rules: lower-case words alone are fine.
    expect(passwordProblem('twelve chars')).toBeUndefined();
    expect(passwordProblem('quiet harbour lantern')).toBeUndefined();
  });
});
