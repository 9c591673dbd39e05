import { randomInt } from 'node:crypto';

export interface ArithmeticChallenge {
  /** Latin digits and `+ - ×`, e.g. `7 + 5`. */
  question: string;
  answer: number;
}

/** Random integer in [min, max] (both included). */
export type RandomInt = (min: number, max: number) => number;
const cryptoRandom: RandomInt = (min, max) => randomInt(min, max + 1);

/**
 * The registration challenge (R-REGISTRATION-CHALLENGE): addition of two numbers 1–20; subtraction
 * of 1..(a-1) from a in 10–39 (positive result); multiplication of two numbers 1–10.
 */
export function generateArithmeticChallenge(random: RandomInt = cryptoRandom): ArithmeticChallenge {
  switch (random(0, 2)) {
    case 0: {
      const a = random(1, 20);
      const b = random(1, 20);
      return { question: `${a} + ${b}`, answer: a + b };
    }
    case 1: {
      const a = random(10, 39);
      const b = random(1, a - 1);
      return { question: `${a} - ${b}`, answer: a - b };
    }
    default: {
      const a = random(1, 10);
      const b = random(1, 10);
      return { question: `${a} × ${b}`, answer: a * b };
    }
  }
}
