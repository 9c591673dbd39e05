import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlocksModule } from '../blocks/blocks.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { OpenConversationHandler } from './commands/open-conversation/open-conversation.handler';
import { SendMessageHandler } from './commands/send-message/send-message.handler';
import { MessageEntity } from './entities/message.entity';
import { MessageBroadcastHandler } from './events/handlers/message-broadcast.handler';
import { MessagesController } from './messages.controller';
import { GetConversationsHandler } from './queries/get-conversations/get-conversations.handler';
import { GetUnreadCountHandler } from './queries/get-unread-count/get-unread-count.handler';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';

/** The after-sale chat between the seller and the winner, with its socket events. */
@Module({
  imports: [TypeOrmModule.forFeature([MessageEntity]), RealtimeModule, RateLimitModule, BlocksModule],
  controllers: [MessagesController],
  providers: [
    SendMessageHandler,
    OpenConversationHandler,
    GetConversationsHandler,
    GetUnreadCountHandler,
    MessageBroadcastHandler,
  ],
  exports: [TypeOrmModule],
})
export class MessagesModule {}
