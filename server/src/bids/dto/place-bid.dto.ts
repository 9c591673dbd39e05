import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsNumber, IsOptional, IsPositive, Max } from 'class-validator';
import {
  BID_ANSWER_VIEWS,
  DEFAULT_BID_ANSWER_VIEW,
  BID_RETRACTION_REASON_CODES,
  BID_RETRACTION_REASONS,
  FIELDS,
  LIMITS,
  type BidAnswerQuery,
  type BidAnswerView,
  type BidRetractionReason,
  type RetractBidBody,
} from '@mazad/contracts';
import { JodAmount } from '../../common/validation/fields';

export class PlaceBidDto {
  @ApiProperty({
    description:
      'Bid amount in JOD (at most 3 decimals); must exceed the current price. A JSON number, or text as typed (Arabic-Indic digits, ٫ and thousands separators: "١٬٢٥٠٫٥" is 1250.5)',
    example: 151.5,
    maximum: LIMITS.maxPriceJod,
  })
  @Max(LIMITS.maxPriceJod, { message: `مبلغ المزايدة (amount) يجب ألا يتجاوز ${LIMITS.maxPriceJod} دينار` })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 },
    { message: 'مبلغ المزايدة (amount) يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر' },
  )
  @IsPositive({ message: 'مبلغ المزايدة (amount) يجب أن يكون أكبر من صفر' })
  @JodAmount()
  amount: number;
}

/**
 * Body of POST /api/auctions/{id}/buy-now. `expectedPrice` is the buy-now price the buyer was
 * shown: when sent, the purchase happens only at exactly that price (409 BUY_NOW_PRICE_CHANGED
 * otherwise). Optional so that clients sending no body keep working (they buy at the current price).
 */
export class BuyNowDto {
  @ApiPropertyOptional({
    description: 'The buy-now price (JOD) shown to the buyer; refused with 409 BUY_NOW_PRICE_CHANGED when it differs',
    example: 250,
  })
  @Max(LIMITS.maxPriceJod, { message: `سعر الشراء المتوقع (expectedPrice) يجب ألا يتجاوز ${LIMITS.maxPriceJod} دينار` })
  @IsPositive({ message: 'سعر الشراء المتوقع (expectedPrice) يجب أن يكون أكبر من صفر' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 },
    { message: 'سعر الشراء المتوقع (expectedPrice) يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر' },
  )
  @IsOptional()
  @JodAmount()
  expectedPrice?: number;
}

/** Body of PUT /api/auctions/{id}/max-bid: the most the member is ready to pay (R-MAX-BID). */
export class MaxBidDto {
  @ApiProperty({
    description:
      'The secret maximum in JOD (at most 3 decimals): at least the price plus one step, below the buy-now price',
    example: 200,
    maximum: LIMITS.maxPriceJod,
  })
  @Max(LIMITS.maxPriceJod, { message: `الحد الأقصى (amount) يجب ألا يتجاوز ${LIMITS.maxPriceJod} دينار` })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 },
    { message: 'الحد الأقصى (amount) يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر' },
  )
  @IsPositive({ message: 'الحد الأقصى (amount) يجب أن يكون أكبر من صفر' })
  @JodAmount()
  amount: number;
}

/**
 * Query of the bid and max-bid calls: which auction the answer carries (ADR 0018). The whole
 * auction by default; `live` for the live view. Over the socket, the request's field `view`.
 */
export class BidAnswerQueryDto implements BidAnswerQuery {
  @ApiPropertyOptional({
    enum: BID_ANSWER_VIEWS,
    default: DEFAULT_BID_ANSWER_VIEW,
    description:
      '`full` (default): the whole auction, as GET /api/auctions/{id} with its latest 20 bids. `live`: `auction` is the live view `new_bid` carries (price, count, end, status, winner, last 3 bids, seq), what the web app asks for',
  })
  @IsIn(BID_ANSWER_VIEWS, { message: 'طريقة عرض المزاد (view) يجب أن تكون full أو live' })
  @IsOptional()
  view?: BidAnswerView;
}

/** Body of POST /api/auctions/{id}/bids/{bidId}/retract (R-BID-RETRACT): why, from the fixed list. */
export class RetractBidDto implements RetractBidBody {
  @ApiProperty({
    enum: BID_RETRACTION_REASON_CODES,
    description: `Why the member takes the bid back: ${BID_RETRACTION_REASON_CODES.map((c) => `\`${c}\` (${BID_RETRACTION_REASONS[c]})`).join(', ')}`,
    example: 'wrong_amount',
  })
  @IsIn(BID_RETRACTION_REASON_CODES, { message: FIELDS.retractionReason.messages.invalid })
  @IsNotEmpty({ message: FIELDS.retractionReason.messages.required })
  reason: BidRetractionReason;
}
