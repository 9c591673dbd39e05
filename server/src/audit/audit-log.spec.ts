import { changedFields } from './audit-log';

describe('changedFields (R-AUDIT-LOG)', () => {
  it('keeps only the fields that changed', () => {
    expect(changedFields({ text: 'أ', order: 1, isActive: true }, { text: 'ب', order: 1, isActive: true })).toEqual({
      before: { text: 'أ' },
      after: { text: 'ب' },
    });
  });

  it('keeps every field of a side that does not exist on the other', () => {
    expect(changedFields(null, { text: 'أ' })).toEqual({ before: null, after: { text: 'أ' } });
    expect(changedFields({ text: 'أ' }, null)).toEqual({ before: { text: 'أ' }, after: null });
  });

  it('never keeps a secret, only that it changed', () => {
    const { before, after } = changedFields(
      { passwordHash: '$argon2id$old', name: 'أ' },
      { passwordHash: '$argon2id$new', token: 'eyJ', name: 'أ' },
    );
    expect(before).toEqual({ passwordHash: true });
    expect(after).toEqual({ passwordHash: true, token: true });
  });

  it('is null on both sides when nothing changed', () => {
    expect(changedFields({ handled: true }, { handled: true })).toEqual({ before: null, after: null });
  });
});
