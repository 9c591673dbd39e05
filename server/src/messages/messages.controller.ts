import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type {
  ConversationMessagesResult,
  ConversationsResult,
  SendMessageResult,
  UnreadCountResult,
} from '@mazad/contracts';
import { LIMITS } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { OpenConversationCommand } from './commands/open-conversation/open-conversation.command';
import { SendMessageCommand } from './commands/send-message/send-message.command';
import {
  ConversationMessagesResultDto,
  ConversationsResultDto,
  SendMessageResultDto,
  UnreadCountResultDto,
} from './dto/message-responses.dto';
import { ConversationPageQueryDto } from './dto/conversation-page.dto';
import { SendMessageDto } from './dto/send-message.dto';
import { GetConversationsQuery } from './queries/get-conversations/get-conversations.query';
import { GetUnreadCountQuery } from './queries/get-unread-count/get-unread-count.query';
import { RateLimit } from '../infrastructure/rate-limit/rate-limit.guard';

/**
 * The chat between the seller and the winner of a sold auction. Signed-in members only (401);
 * anyone else than the two parties gets 403 CONVERSATION_FORBIDDEN.
 */
@ApiTags('messages')
@ApiBearerAuth()
@ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID')
@UseGuards(JwtAuthGuard)
@Controller('messages')
export class MessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('conversations')
  @ApiOperation({
    summary: "The caller's conversations",
    description:
      'One per sold auction the caller sold or won (`_id` = auction id): auction summary, both participants, the other participant, last message (null before the first one) and unread count; latest activity first.',
  })
  @ApiOkResponse({ type: ConversationsResultDto })
  async conversations(@CurrentUser() user: AuthUser): Promise<ConversationsResult> {
    return { success: true, conversations: await this.queries.execute(new GetConversationsQuery(user.id)) };
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'Unread messages to the caller', description: 'Across all their conversations.' })
  @ApiOkResponse({ type: UnreadCountResultDto })
  async unreadCount(@CurrentUser() user: AuthUser): Promise<UnreadCountResult> {
    return { success: true, count: await this.queries.execute(new GetUnreadCountQuery(user.id)) };
  }

  @Get('auction/:auctionId')
  @ApiOperation({
    summary: 'The conversation of an auction',
    description:
      "One page of the thread: the newest `limit` messages (default 50, at most 100), `before=<nextCursor>` for older ones, `after=<latestCursor>` for only newer ones (polling). Each page lists its messages oldest first. Marks the caller's incoming messages read and sends `message_read { auctionId, readerId, messageIds, readAt }` to the sender's `user:<id>` room. Safe to poll.",
  })
  @ApiParam({ name: 'auctionId', format: 'uuid' })
  @ApiOkResponse({ type: ConversationMessagesResultDto })
  @ApiErrors(
    'INVALID_ID',
    'VALIDATION_ERROR (limit, or a cursor that is not a message of this auction, or both before and after)',
    'CONVERSATION_FORBIDDEN (not the seller or winner, or the auction is not sold)',
    'AUCTION_NOT_FOUND',
  )
  async conversation(
    @Param('auctionId', ParseIdPipe) auctionId: string,
    @Query() query: ConversationPageQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ConversationMessagesResult> {
    const page = { limit: query.limit ?? LIMITS.messagesPageDefault, before: query.before, after: query.after };
    const result = await this.commands.execute(new OpenConversationCommand(user, auctionId, page));
    return { success: true, ...result };
  }

  @Post()
  @RateLimit({ policy: 'messages-member', by: 'member' })
  @ApiOperation({
    summary: 'Send a message',
    description:
      'The seller or the winner of a sold auction, to the other party. Content is trimmed, 1–2000 characters, stored and returned as plain text. The receiver gets `new_message` and `new-message` with the message object on every replica.',
  })
  @ApiCreatedResponse({ type: SendMessageResultDto })
  @ApiErrors(
    'MESSAGE_EMPTY',
    'VALIDATION_ERROR naming the field (content over 2000 characters, bad ids)',
    'MESSAGE_RECEIVER_INVALID (not the other party)',
    'UNKNOWN_FIELD',
    'CONVERSATION_FORBIDDEN (not the seller or winner, or the auction is not sold)',
    'CHAT_BLOCKED (one of the two parties blocked the other: R-BLOCK)',
    'AUCTION_NOT_FOUND',
  )
  async send(@CurrentUser() user: AuthUser, @Body() body: SendMessageDto): Promise<SendMessageResult> {
    const message = await this.commands.execute(
      new SendMessageCommand(user, body.auctionId, body.receiverId, body.content),
    );
    return { success: true, message };
  }
}
