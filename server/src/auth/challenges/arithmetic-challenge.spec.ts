import { generateArithmeticChallenge } from './arithmetic-challenge';

describe('generateArithmeticChallenge', () => {
  const samples = Array.from({ length: 3000 }, () => generateArithmeticChallenge());

  it('uses the three operators with Latin digits, answering correctly', () => {
    const operators = new Set<string>();
    for (const { question, answer } of samples) {
      const m = /^(\d+) ([+\-×]) (\d+)$/.exec(question);
      expect(m).not.toBeNull();
      const [, a, op, b] = m!;
      operators.add(op);
      const x = Number(a);
      const y = Number(b);
      expect(answer).toBe(op === '+' ? x + y : op === '-' ? x - y : x * y);
    }
    expect([...operators].sort()).toEqual(['+', '-', '×'].sort());
  });

  it('keeps each operator within the specified ranges', () => {
    for (const { question } of samples) {
      const [a, op, b] = question.split(' ');
      const x = Number(a);
      const y = Number(b);
      if (op === '+') {
        expect([x, y].every((n) => n >= 1 && n <= 20)).toBe(true);
      } else if (op === '-') {
        expect(x >= 10 && x <= 39).toBe(true);
        expect(y >= 1 && y <= x - 1).toBe(true);
      } else {
        expect([x, y].every((n) => n >= 1 && n <= 10)).toBe(true);
      }
    }
  });

  it('reaches the bounds of the ranges', () => {
    type Pick = number | 'min' | 'max';
    const withPicks = (picks: Pick[]) => {
      let i = 0;
      return generateArithmeticChallenge((min, max) => {
        const pick = picks[i++];
        return pick === 'min' ? min : pick === 'max' ? max : pick;
      });
    };
    expect(withPicks([0, 'min', 'min'])).toEqual({ question: '1 + 1', answer: 2 });
    expect(withPicks([0, 'max', 'max'])).toEqual({ question: '20 + 20', answer: 40 });
    expect(withPicks([1, 'min', 'min'])).toEqual({ question: '10 - 1', answer: 9 });
    expect(withPicks([1, 'max', 'max'])).toEqual({ question: '39 - 38', answer: 1 });
    expect(withPicks([2, 'min', 'min'])).toEqual({ question: '1 × 1', answer: 1 });
    expect(withPicks([2, 'max', 'max'])).toEqual({ question: '10 × 10', answer: 100 });
  });
});
