import { deriveKey } from '../auth-keys';
import { resetHandleFor, UUID_SHAPE } from './reset-handle';

describe('resetHandleFor', () => {
  const key = deriveKey('a-secret-that-is-long-enough-for-the-test-0123', 'password-reset-handles');

  it('is a UUID, the same for the same email whatever its case or spaces', () => {
    const handle = resetHandleFor('Someone@Example.com', key);
    expect(handle).toMatch(UUID_SHAPE);
    expect(handle[14]).toBe('8');
    expect(resetHandleFor('  someone@example.COM ', key)).toBe(handle);
  });

  it('differs between emails and between keys', () => {
    const other = deriveKey('another-secret-that-is-long-enough-0123456789', 'password-reset-handles');
    expect(resetHandleFor('a@example.com', key)).not.toBe(resetHandleFor('b@example.com', key));
    expect(resetHandleFor('a@example.com', key)).not.toBe(resetHandleFor('a@example.com', other));
  });
});
