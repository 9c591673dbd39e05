import { describe, expect, it } from 'vitest';
import { abbreviateName, GENERIC_USER, initials, initialsAvatar } from './names';

describe('abbreviateName', () => {
  it('cuts a single word longer than 3 characters to its first 3 plus an ellipsis', () => {
    expect(abbreviateName('محمد')).toBe('محم…');
    expect(abbreviateName('Alexander')).toBe('Ale…');
  });

  it('keeps a single word of 3 characters or fewer', () => {
    expect(abbreviateName('علي')).toBe('علي');
    expect(abbreviateName('Al')).toBe('Al');
  });

  it('turns several words into initials each followed by a period', () => {
    expect(abbreviateName('محمد أحمد')).toBe('م.أ.');
    expect(abbreviateName('  sara   bint  khalid ')).toBe('s.b.k.');
  });

  it('takes the first letter of each word, skipping punctuation', () => {
    expect(abbreviateName('عمر النسور (تجريبي)')).toBe('ع.ا.ت.');
    expect(abbreviateName('سارة - أحمد')).toBe('س.أ.');
  });

  it('falls back to a generic user label when there is no name', () => {
    expect(abbreviateName('')).toBe(GENERIC_USER);
    expect(abbreviateName(undefined)).toBe(GENERIC_USER);
  });
});

describe('initials avatar', () => {
  it('uses up to two initials', () => {
    expect(initials('محمد أحمد علي')).toBe('م أ');
    expect(initials('Sara')).toBe('S');
  });

  it('is an SVG data URL containing the initials', () => {
    const url = initialsAvatar('محمد أحمد');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(url)).toContain('م أ');
  });
});
