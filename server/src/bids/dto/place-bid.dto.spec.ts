import type { Type } from '@nestjs/common';
import { FIELDS, LIMITS, type AmountRule, type ApiErrorBody } from '@mazad/contracts';
import type { AppException } from '../../common/errors/app.exception';
import { createValidationPipe } from '../../common/validation/validation.pipe';
import { BuyNowDto, MaxBidDto, PlaceBidDto } from './place-bid.dto';

const pipe = createValidationPipe();

/** The message the API answers for `body` as a `dto`, or null when it passes. */
async function messageOf(dto: Type<object>, body: object): Promise<string | null> {
  try {
    await pipe.transform(body, { type: 'body', metatype: dto });
    return null;
  } catch (err) {
    return ((err as AppException).getResponse() as ApiErrorBody).message;
  }
}

describe('the amounts of the bid calls answer the texts of contracts’ fields', () => {
  const required: [string, Type<object>, AmountRule][] = [
    ['a bid', PlaceBidDto, FIELDS.bidAmount],
    ['a maximum', MaxBidDto, FIELDS.maxBid],
  ];
  it.each(required)('%s', async (_, dto, rule) => {
    const m = rule.messages;
    expect(await messageOf(dto, {})).toBe(m.required);
    expect(await messageOf(dto, { amount: '' })).toBe(m.required);
    expect(await messageOf(dto, { amount: 'abc' })).toBe(m.notNumber);
    expect(await messageOf(dto, { amount: 120.1234 })).toBe(m.decimals);
    expect(await messageOf(dto, { amount: -5 })).toBe(m.tooLow);
    expect(await messageOf(dto, { amount: 0 })).toBe(m.tooLow);
    expect(await messageOf(dto, { amount: LIMITS.maxPriceJod + 1 })).toBe(m.tooHigh);
    expect(await messageOf(dto, { amount: '١٬٢٥٠٫٥٠٠' })).toBeNull();
    expect(await messageOf(dto, { amount: 0.001 })).toBeNull();
  });

  it('the buy-now price shown (optional)', async () => {
    const m = FIELDS.expectedPrice.messages;
    expect(await messageOf(BuyNowDto, {})).toBeNull();
    expect(await messageOf(BuyNowDto, { expectedPrice: '' })).toBeNull();
    expect(await messageOf(BuyNowDto, { expectedPrice: '2,00' })).toBe(m.notNumber);
    expect(await messageOf(BuyNowDto, { expectedPrice: 200.0001 })).toBe(m.decimals);
    expect(await messageOf(BuyNowDto, { expectedPrice: -1 })).toBe(m.tooLow);
    expect(await messageOf(BuyNowDto, { expectedPrice: LIMITS.maxPriceJod + 1 })).toBe(m.tooHigh);
    expect(await messageOf(BuyNowDto, { expectedPrice: 250 })).toBeNull();
  });
});
