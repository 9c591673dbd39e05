import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { AdminContactMessagesController } from './admin-contact-messages.controller';
import { DeleteContactMessageHandler } from './commands/delete-contact-message/delete-contact-message.handler';
import { SendContactMessageHandler } from './commands/send-contact-message/send-contact-message.handler';
import { UpdateContactMessageHandler } from './commands/update-contact-message/update-contact-message.handler';
import { ContactController } from './contact.controller';
import { ContactMessageEntity } from './entities/contact-message.entity';
import { ListContactMessagesHandler } from './queries/list-contact-messages/list-contact-messages.handler';

const commandHandlers = [SendContactMessageHandler, UpdateContactMessageHandler, DeleteContactMessageHandler];
const queryHandlers = [ListContactMessagesHandler];

/** The member site's contact form and the console's inbox of it. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), RateLimitModule],
  controllers: [ContactController, AdminContactMessagesController],
  providers: [...commandHandlers, ...queryHandlers],
})
export class ContactModule {}
