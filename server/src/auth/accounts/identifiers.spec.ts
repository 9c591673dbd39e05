import { normalizeIdentifier, phoneSuffix } from './identifiers';

describe('identifiers', () => {
  it('compares phones by their last 9 digits', () => {
    expect(phoneSuffix('+962 79 123 4567')).toBe('791234567');
    expect(phoneSuffix('0791234567')).toBe('791234567');
    expect(phoneSuffix('(079) 123-4567')).toBe('791234567');
    expect(phoneSuffix('12345')).toBeNull();
    expect(phoneSuffix(null)).toBeNull();
  });

  it('normalizes emails and phones to one spelling', () => {
    expect(normalizeIdentifier('  Some.One@Example.COM ')).toBe('some.one@example.com');
    expect(normalizeIdentifier('+962 79 123 4567')).toBe(normalizeIdentifier('0791234567'));
  });
});
