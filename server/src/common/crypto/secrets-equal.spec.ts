import { secretsEqual } from './secrets-equal';

describe('secretsEqual', () => {
  it('compares secrets of any length', () => {
    expect(secretsEqual('panel-password', 'panel-password')).toBe(true);
    expect(secretsEqual('panel-passwore', 'panel-password')).toBe(false);
    expect(secretsEqual('short', 'a-much-longer-secret')).toBe(false);
    expect(secretsEqual('', 'x')).toBe(false);
  });
});
