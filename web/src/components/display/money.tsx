import type { HTMLAttributes } from 'react';
import { formatMoney } from '@/lib/format';

export interface MoneyProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** JOD as the API sends it (at most 3 decimals); a missing amount shows as 0. */
  amount: number | string | null | undefined;
}

/**
 * A JOD amount with 3 decimals and its currency (`1,234.500 د.أ`), isolated from the Arabic
 * text around it so its digits and sign keep their order.
 */
export function Money({ amount, ...rest }: MoneyProps) {
  return <bdi {...rest}>{formatMoney(amount)}</bdi>;
}
