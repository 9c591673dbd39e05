import { AppException } from '../errors/app.exception';
import { canonicalPath } from './ids';
import { ParseIdPipe } from './parse-id.pipe';

const LOWER = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';

describe('ParseIdPipe', () => {
  const pipe = new ParseIdPipe();

  it('hands on every spelling of a UUID as the one lower-case id', () => {
    expect(pipe.transform(LOWER)).toBe(LOWER);
    expect(pipe.transform(LOWER.toUpperCase())).toBe(LOWER);
    expect(pipe.transform('A0eeBC99-9c0B-4Ef8-bB6d-6BB9bd380A11')).toBe(LOWER);
  });

  it.each([
    ['not an id', 'abc'],
    ['no hyphens (PostgreSQL would read it)', LOWER.replaceAll('-', '')],
    ['braces (PostgreSQL would read it)', `{${LOWER}}`],
    ['spaces around it', ` ${LOWER} `],
    ['not a string', 42],
  ])('refuses %s with 400 INVALID_ID', (_, value) => {
    expect(() => pipe.transform(value)).toThrow(AppException);
    try {
      pipe.transform(value);
    } catch (err) {
      expect((err as AppException).code).toBe('INVALID_ID');
    }
  });
});

describe('canonicalPath', () => {
  it('lower-cases the UUID segments of a path and nothing else', () => {
    expect(canonicalPath(`/api/auctions/${LOWER.toUpperCase()}/bid`)).toBe(`/api/auctions/${LOWER}/bid`);
    expect(canonicalPath('/api/Users/ABC')).toBe('/api/Users/ABC');
  });
});
