import { describe, expect, it } from 'vitest';
import { maskEmail, maskIdentifier } from './mask';

describe('masking', () => {
  it('shows the first 2 characters of an email local part, then stars, then the domain', () => {
    expect(maskEmail('ahmad@example.com')).toBe('ah***@example.com');
    expect(maskEmail('mohammad.ali@mail.jo')).toBe('mo**********@mail.jo');
    expect(maskIdentifier('ahmad@example.com')).not.toContain('ahmad');
  });

  it('never reveals more than 2 characters of a short local part', () => {
    expect(maskEmail('ab@x.jo')).toBe('ab***@x.jo');
    expect(maskEmail('a@x.jo')).toBe('a***@x.jo');
  });

  it('shows only the last 4 characters of other identifiers', () => {
    expect(maskIdentifier('0791234567')).toBe('******4567');
    expect(maskIdentifier('+962 79 123 4567')).toMatch(/^\*+4567$/);
    expect(maskIdentifier('123')).toBe('****123');
  });

  it('answers an empty string for nothing', () => {
    expect(maskIdentifier('')).toBe('');
    expect(maskIdentifier(null)).toBe('');
  });
});
