import { Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { BlocksResult, BlockResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ApiErrors } from '../common/errors/api-error.dto';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateLimit } from '../infrastructure/rate-limit/rate-limit.guard';
import { BlockResultDto, BlocksResultDto } from './dto/blocks.dto';
import { MemberBlocksService } from './member-blocks.service';

const BLOCK_ERRORS = [
  'UNAUTHORIZED',
  'TOKEN_INVALID',
  'INVALID_ID',
  'USER_NOT_FOUND (missing, or removed by an operator)',
  'BLOCK_SELF',
  'BLOCK_RATE_LIMITED (20 blocks and unblocks a minute)',
] as const;

/** Members blocking members (R-BLOCK, docs/accounts.md "Blocking a member"). */
@ApiTags('blocks')
@ApiBearerAuth()
@Controller('users')
export class BlocksController {
  constructor(private readonly blocks: MemberBlocksService) {}

  @Put(':id/block')
  @RateLimit({ policy: 'blocks-member', by: 'member' })
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: 'Block a member',
    description:
      "Idempotent. The member can no longer bid, set a maximum or buy now on the caller's auctions (403 BLOCKED_BY_SELLER), and neither can write to the other in a conversation (403 CHAT_BLOCKED). Their maximums on the caller's open auctions are withdrawn and those auctions repriced before the answer; their manual bids stand.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: BlockResultDto })
  @ApiErrors(...BLOCK_ERRORS)
  block(@Param('id', ParseIdPipe) id: string, @CurrentUser() member: AuthUser): Promise<BlockResult> {
    return this.blocks.block(member.id, id);
  }

  @Delete(':id/block')
  @RateLimit({ policy: 'blocks-member', by: 'member' })
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Unblock a member', description: 'Idempotent, as blocking is.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: BlockResultDto })
  @ApiErrors(...BLOCK_ERRORS)
  unblock(@Param('id', ParseIdPipe) id: string, @CurrentUser() member: AuthUser): Promise<BlockResult> {
    return this.blocks.unblock(member.id, id);
  }

  @Get('me/blocks')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'The members the caller blocked', description: 'Most recently blocked first.' })
  @ApiOkResponse({ type: BlocksResultDto })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID')
  async mine(@CurrentUser() member: AuthUser): Promise<BlocksResult> {
    return { success: true, members: await this.blocks.list(member.id) };
  }
}
