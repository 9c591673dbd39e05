import type { ValueTransformer } from 'typeorm';

/**
 * pg returns bigint as a string; fils amounts stay far below 2^53, so a JS number is exact.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? value : Number(value)),
};
