import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional } from 'class-validator';
import {
  BID_ANSWER_VIEWS,
  DEFAULT_BID_ANSWER_VIEW,
  BID_RETRACTION_REASON_CODES,
  BID_RETRACTION_REASONS,
  FIELDS,
  type BidAnswerQuery,
  type BidAnswerView,
  type BidRetractionReason,
  type RetractBidBody,
} from '@mazad/contracts';
import { AmountOf } from '../../common/validation/fields';

export class PlaceBidDto {
  @AmountOf(FIELDS.bidAmount, {
    description:
      'Bid amount in JOD (at most 3 decimals); must exceed the current price. A JSON number, or text as typed (Arabic-Indic digits, ٫ and thousands separators: "١٬٢٥٠٫٥" is 1250.5)',
    example: 151.5,
  })
  amount: number;
}

/**
 * Body of POST /api/auctions/{id}/buy-now. `expectedPrice` is the buy-now price the buyer was
 * shown: when sent, the purchase happens only at exactly that price (409 BUY_NOW_PRICE_CHANGED
 * otherwise). Optional so that clients sending no body keep working (they buy at the current price).
 */
export class BuyNowDto {
  @AmountOf(FIELDS.expectedPrice, {
    description: 'The buy-now price (JOD) shown to the buyer; refused with 409 BUY_NOW_PRICE_CHANGED when it differs',
    example: 250,
    optional: true,
  })
  expectedPrice?: number;
}

/** Body of PUT /api/auctions/{id}/max-bid: the most the member is ready to pay (R-MAX-BID). */
export class MaxBidDto {
  @AmountOf(FIELDS.maxBid, {
    description:
      'The secret maximum in JOD (at most 3 decimals): at least the price plus one step, below the buy-now price',
    example: 200,
  })
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
