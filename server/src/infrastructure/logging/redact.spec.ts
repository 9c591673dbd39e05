import { serializeError } from './redact';

describe('serializeError', () => {
  it('drops the values of a failed query and masks hashes, e-mails and phones in text', () => {
    const err = Object.assign(new Error('duplicate key for someone@example.com'), {
      query: 'INSERT INTO users (email, password_hash) VALUES ($1, $2)',
      parameters: ['someone@example.com', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA'],
      driverError: { detail: 'Key (email)=(someone@example.com) already exists.', parameters: ['x'] },
    });
    const text = JSON.stringify(serializeError(err));
    expect(text).not.toContain('someone@example.com');
    expect(text).not.toContain('aGFzaA');
    expect(text).toContain('INSERT INTO users');
    expect(text).toContain('[redacted] (2 values)');
    expect(JSON.stringify(serializeError(new Error('call +962 79 123 4567')))).not.toContain('123 4567');
  });
});
