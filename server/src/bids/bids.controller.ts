import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { routes, type ErrorCode } from '@mazad/contracts';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ApiRouteErrors } from '../common/errors/api-error.dto';
import { ArrivedAt } from './arrived-at';
import { BidAdmissionInterceptor, QueuedRoute } from './bid-admission.interceptor';
import { IdempotencyInterceptor } from '../infrastructure/idempotency/idempotency.interceptor';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RefusalsAreAnswers } from '../infrastructure/logging/response-log-level';
import { BidActions } from './bid-actions';
import { RetractBidCommand } from './commands/retract-bid/retract-bid.command';
import { BidCorrectionResultDto, LiveAuctionDto, MaxBidResultDto, PlaceBidResultDto } from './dto/bid-responses.dto';
import { BidAnswerQueryDto, BuyNowDto, MaxBidDto, PlaceBidDto, RetractBidDto } from './dto/place-bid.dto';
import { GetMaxBidQuery } from './queries/get-max-bid/get-max-bid.query';
import { QUEUED_CALLS } from './queued-calls';

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Repeat a submission with the same key and it is applied once (answers are replayed for 24 h).',
};

/**
 * What some of the bid routes' error codes mean, for the OpenAPI document; the codes themselves
 * are the route table's (contracts' `routes.bids`).
 */
const BID_ERROR_NOTES: Partial<Record<ErrorCode, string>> = {
  AUCTION_BUSY: '503 with Retry-After: the auction cannot answer in time now; nothing was written, retry',
  TOO_MANY_PENDING_BIDS:
    "429 with Retry-After: the member's own requests on this auction await their answers; nothing was written",
  IDEMPOTENCY_CONFLICT: 'the key was used for another request',
  BID_AT_BUY_NOW: 'at or above a buy-now price still on offer: offer the buy-now instead',
  MAX_BID_AT_BUY_NOW: 'offer the buy-now instead',
  BLOCKED_BY_SELLER: "the auction's seller blocked the member (R-BLOCK)",
};

/** The HTTP transport of the bid calls: the member's four calls go to the front door (BidActions), shared with the socket's `place_bid` and `buy_now`. */
@ApiTags('bids')
@ApiBearerAuth()
// The `?view=live` answers' auction (LiveAuction), named by the answers' descriptions.
@ApiExtraModels(LiveAuctionDto)
@UseGuards(JwtAuthGuard)
// Refused bids are answers, not incidents: logged at debug (responseLogLevel). A busy auction
// refuses before the idempotency key is claimed (BidAdmissionInterceptor).
@UseInterceptors(RefusalsAreAnswers, BidAdmissionInterceptor, IdempotencyInterceptor)
@Controller('auctions/:id')
export class BidsController {
  constructor(
    private readonly actions: BidActions,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('bid')
  @QueuedRoute(QUEUED_CALLS.bid)
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({
    summary:
      'Place a bid (strictly above the current price, below a buy-now price on offer; extends the end to bid time + 90 s)',
    description:
      '`auction` is the whole auction (its `bids` end with this one) unless `?view=live` asks for the live view `new_bid` carries (docs/adr/0018-whole-auction-by-default.md). A replay under the same `Idempotency-Key` answers the recorded body, whatever `view` the retry asks.',
  })
  @ApiOkResponse({ type: PlaceBidResultDto })
  @ApiRouteErrors(routes.bids.place, BID_ERROR_NOTES)
  bid(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: PlaceBidDto,
    @Query() query: BidAnswerQueryDto,
    @CurrentUser() user: AuthUser,
    // Checked by the interceptor before this runs.
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @ArrivedAt() arrivedAt: number,
  ) {
    return this.actions.placeBid({ auctionId: id, member: user, arrivedAt, view: query.view, idempotencyKey }, dto);
  }

  @Post('buy-now')
  @QueuedRoute(QUEUED_CALLS.buyNow)
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({
    summary: 'Buy at the buy-now price: the buyer wins, bids are cancelled, the auction ends',
    description:
      'Body `{ expectedPrice }` (JOD, the price the buyer saw): the sale happens only at exactly that price, else 409 BUY_NOW_PRICE_CHANGED. Clients that send no body buy at the current price.',
  })
  @ApiRouteErrors(routes.bids.buyNow, BID_ERROR_NOTES)
  buyNow(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: BuyNowDto,
    @CurrentUser() user: AuthUser,
    @ArrivedAt() arrivedAt: number,
  ) {
    return this.actions.buyNow({ auctionId: id, member: user, arrivedAt }, dto);
  }

  @Put('max-bid')
  @QueuedRoute(QUEUED_CALLS.setMaxBid)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({
    summary: 'Set or change the secret maximum: the engine bids for the member up to it (R-MAX-BID)',
    description:
      'Answers the auction as a bid does (the whole auction unless `?view=live`), the own maximum and `leading`. Refused below the price plus one step and at or above the buy-now price (409 MAX_BID_AT_BUY_NOW: buy now instead).',
  })
  @ApiOkResponse({ type: MaxBidResultDto })
  @ApiRouteErrors(routes.bids.setMax, BID_ERROR_NOTES)
  setMaxBid(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: MaxBidDto,
    @Query() query: BidAnswerQueryDto,
    @CurrentUser() user: AuthUser,
    @ArrivedAt() arrivedAt: number,
  ) {
    return this.actions.setMaxBid({ auctionId: id, member: user, arrivedAt, view: query.view }, dto);
  }

  @Get('max-bid')
  @ApiOperation({ summary: "The member's own maximum on the auction (null without one)" })
  @ApiRouteErrors(routes.bids.getMax)
  maxBid(@Param('id', ParseIdPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.execute(new GetMaxBidQuery(id, user.id));
  }

  @Delete('max-bid')
  @QueuedRoute(QUEUED_CALLS.withdrawMaxBid)
  @ApiOperation({
    summary: 'Withdraw the own maximum; refused while it holds the current price',
    description: 'Answers as PUT does (the whole auction unless `?view=live`).',
  })
  @ApiOkResponse({ type: MaxBidResultDto })
  @ApiRouteErrors(routes.bids.withdrawMax, BID_ERROR_NOTES)
  withdrawMaxBid(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: BidAnswerQueryDto,
    @CurrentUser() user: AuthUser,
    @ArrivedAt() arrivedAt: number,
  ) {
    return this.actions.withdrawMaxBid({ auctionId: id, member: user, arrivedAt, view: query.view });
  }

  @Post('bids/:bidId/retract')
  @QueuedRoute(QUEUED_CALLS.retractBid)
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiParam({ name: 'bidId', format: 'uuid' })
  @ApiOperation({
    summary: 'Retract one of the own bids after a typo (R-BID-RETRACT): the price falls back',
    description:
      'Within an hour of placing it; in the auction’s last 12 hours only a bid placed in them; at most 3 retractions per member in 30 days. The bid and the member’s later ones on the auction are cancelled (kept for the record), their maximum there is withdrawn, and the price becomes what the remaining bids and maximums make it (docs/adr/0017-bid-retraction-and-typed-bids.md). Answers the auction (its latest 20 bids); watchers get `auction_updated`.',
  })
  @ApiOkResponse({ type: BidCorrectionResultDto })
  @ApiRouteErrors(routes.bids.retract, BID_ERROR_NOTES)
  retractBid(
    @Param('id', ParseIdPipe) id: string,
    @Param('bidId', ParseIdPipe) bidId: string,
    @Body() dto: RetractBidDto,
    @CurrentUser() user: AuthUser,
    @ArrivedAt() arrivedAt: number,
  ) {
    return this.commands.execute(new RetractBidCommand(id, bidId, user, dto.reason, arrivedAt));
  }
}
