import { Body, Controller, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { jodToFils } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { AppException } from '../common/errors/app.exception';
import { IdempotencyInterceptor } from '../common/idempotency/idempotency.interceptor';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { BuyNowCommand } from './commands/buy-now/buy-now.command';
import { PlaceBidCommand } from './commands/place-bid/place-bid.command';
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
  constructor(private readonly commands: CommandBus) {}

  @Post('bid')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({ summary: 'Place a bid (strictly above the current price; extends the end to bid time + 90 s)' })
  async bid(@Param('id', ParseIdPipe) id: string, @Body() dto: PlaceBidDto, @CurrentUser() user: AuthUser) {
    const fils = jodToFils(dto.amount);
    if (fils === undefined) throw new AppException('VALIDATION_ERROR');
    const { auction, bid } = await this.commands.execute(new PlaceBidCommand(id, user, fils));
    return { success: true, message: 'تمت إضافة المزايدة بنجاح', auction, bid };
  }

  @Post('buy-now')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({
    summary: 'Buy at the buy-now price: the buyer wins, bids are cancelled, the auction ends',
    description:
      'Body `{ expectedPrice }` (JOD, the price the buyer saw): the sale happens only at exactly that price, else 409 BUY_NOW_PRICE_CHANGED. Clients that send no body buy at the current price.',
  })
  async buyNow(@Param('id', ParseIdPipe) id: string, @Body() dto: BuyNowDto, @CurrentUser() user: AuthUser) {
    const expectedFils = dto.expectedPrice === undefined ? undefined : jodToFils(dto.expectedPrice);
    if (dto.expectedPrice !== undefined && expectedFils === undefined) throw new AppException('VALIDATION_ERROR');
    const auction = await this.commands.execute(new BuyNowCommand(id, user, expectedFils));
    return { success: true, message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد', auction };
  }
}
