import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, IsPositive } from 'class-validator';

export class PlaceBidDto {
  @ApiProperty({ description: 'Bid amount in JOD (at most 3 decimals); must exceed the current price', example: 151.5 })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 },
    { message: 'مبلغ المزايدة (amount) يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر' },
  )
  @IsPositive({ message: 'مبلغ المزايدة (amount) يجب أن يكون أكبر من صفر' })
  amount: number;
}
