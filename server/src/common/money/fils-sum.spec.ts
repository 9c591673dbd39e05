import { filsSumToJod } from './fils-sum';

describe('filsSumToJod', () => {
  it('reads numeric sums exactly', () => {
    expect(filsSumToJod('0')).toBe(0);
    expect(filsSumToJod(null)).toBe(0);
    expect(filsSumToJod('1520500')).toBe(1520.5);
    expect(filsSumToJod('299999999997')).toBe(299999999.997);
  });
  it('does not round twice past 2^53 fils', () => {
    // Number('9007199254740993') is ...992: the fils detour loses a unit before dividing.
    expect(filsSumToJod('9007199254740993')).toBe(Number('9007199254740.993'));
  });
});
