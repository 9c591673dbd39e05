import { ApiErrors } from '../common/errors/api-error.dto';
import { Controller, Patch, Param, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ConfirmDealResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { AuctionMutationResultDto } from '../auctions';
import { ConfirmDealCommand } from './commands/confirm-deal/confirm-deal.command';

const CONFIRM_DESCRIPTION =
  'The winner (receipt of the goods) or the seller of a sold auction. Sets isDealConfirmed and dealConfirmedAt the first time; later calls answer success and change nothing. Watchers get auction_updated.';

/** Deal confirmation after a sale (PATCH from the profile lists, PUT from the chat). */
@ApiTags('deals')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('auctions')
export class DealsController {
  constructor(private readonly commands: CommandBus) {}

  @Patch(':id/confirm-deal')
  @ApiOperation({ summary: 'Confirm the deal (from the profile lists)', description: CONFIRM_DESCRIPTION })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Auction id' })
  @ApiOkResponse({ type: AuctionMutationResultDto })
  @ApiErrors('AUCTION_NOT_SOLD', 'INVALID_ID', 'UNAUTHORIZED', 'TOKEN_INVALID', 'NOT_DEAL_PARTY', 'AUCTION_NOT_FOUND')
  confirmPatch(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<ConfirmDealResult> {
    return this.confirm(actor, id);
  }

  @Put(':id/confirm-deal')
  @ApiOperation({ summary: 'Confirm the deal (from the chat)', description: CONFIRM_DESCRIPTION })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Auction id' })
  @ApiOkResponse({ type: AuctionMutationResultDto })
  @ApiErrors('AUCTION_NOT_SOLD', 'INVALID_ID', 'UNAUTHORIZED', 'TOKEN_INVALID', 'NOT_DEAL_PARTY', 'AUCTION_NOT_FOUND')
  confirmPut(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<ConfirmDealResult> {
    return this.confirm(actor, id);
  }

  private async confirm(actor: AuthUser, id: string): Promise<ConfirmDealResult> {
    const { auction, changed } = await this.commands.execute(new ConfirmDealCommand(actor, id));
    return { success: true, message: changed ? 'تم تأكيد الصفقة بنجاح' : 'تم تأكيد هذه الصفقة مسبقاً', auction };
  }
}
