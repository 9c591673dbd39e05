import { IsOptional, IsPositive, Max } from 'class-validator';
import { createValidationPipe, validInstance } from './validation.pipe';

class AmountDto {
  @Max(100)
  @IsPositive()
  amount: number;
}

class OptionalDto {
  @IsPositive()
  @IsOptional()
  price?: number;
}

describe('validInstance', () => {
  const pipe = createValidationPipe();
  /** What the pipe answers: its instance, or null when it refuses. */
  const piped = (dto: new () => object, value: unknown) =>
    pipe.transform(value, { type: 'body', metatype: dto }).then(
      (instance: object) => instance,
      () => null,
    );

  it.each<[string, new () => object, unknown]>([
    ['a valid body', AmountDto, { amount: 5 }],
    ['a broken rule', AmountDto, { amount: -1 }],
    ['a value past its maximum', AmountDto, { amount: 101 }],
    ['a string for a number', AmountDto, { amount: '5' }],
    ['a missing field', AmountDto, {}],
    ['an unknown field', AmountDto, { amount: 5, extra: 1 }],
    ['no body for a required field', AmountDto, undefined],
    ['no body when every field is optional', OptionalDto, undefined],
    ['null when every field is optional', OptionalDto, null],
    ['an array', OptionalDto, [{ price: 1 }]],
    ['a primitive', OptionalDto, 7],
    ['binary data', OptionalDto, Buffer.from('{}')],
  ])('makes of %s what the validation pipe makes of it', async (_label, dto, value) => {
    const expected = await piped(dto, value);
    const instance = validInstance(dto, value);
    expect(instance).toEqual(expected);
    if (expected) expect(instance).toBeInstanceOf(dto);
  });

  it('never throws: a field holding a `constructor` key (which the transformer cannot read) is no DTO', () => {
    expect(validInstance(AmountDto, { amount: JSON.parse('{"constructor":{"prototype":{}}}') })).toBeNull();
  });
});
