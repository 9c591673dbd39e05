import { Body, Controller, Headers, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { IdempotencyInterceptor } from '../common/idempotency/idempotency.interceptor';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { BidActions } from './bid-actions';
import { BuyNowDto, PlaceBidDto } from './dto/place-bid.dto';

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Repeat a submission with the same key and it is applied once (answers are replayed for 24 h).',
};

@ApiTags('bids')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@UseInterceptors(IdempotencyInterceptor)
@Controller('auctions/:id')
export class BidsController {
  constructor(private readonly actions: BidActions) {}

  @Post('bid')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({ summary: 'Place a bid (strictly above the current price; extends the end to bid time + 90 s)' })
  bid(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: PlaceBidDto,
    @CurrentUser() user: AuthUser,
    // Checked by the interceptor before this runs.
    @Headers('idempotency-key') idempotencyKey?: string,
  ) {
    return this.actions.placeBid(id, dto, user, idempotencyKey);
  }

  @Post('buy-now')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({
    summary: 'Buy at the buy-now price: the buyer wins, bids are cancelled, the auction ends',
    description:
      'Body `{ expectedPrice }` (JOD, the price the buyer saw): the sale happens only at exactly that price, else 409 BUY_NOW_PRICE_CHANGED. Clients that send no body buy at the current price.',
  })
  buyNow(@Param('id', ParseIdPipe) id: string, @Body() dto: BuyNowDto, @CurrentUser() user: AuthUser) {
    return this.actions.buyNow(id, dto, user);
  }
}
