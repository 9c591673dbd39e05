import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { ContactMessage } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { toContactMessage } from '../../contact-message.presenter';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { SendContactMessageCommand } from './send-contact-message.command';

@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand, ContactMessage> {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly rateLimits: RateLimitService,
  ) {}

  async execute({ form, senderIp }: SendContactMessageCommand): Promise<ContactMessage> {
    // Counted before the insert: a flood from one address never reaches the inbox.
    await this.rateLimits.consume('contact-ip', senderIp);
    const saved = await this.messages.save(
      this.messages.create({
        name: form.name,
        email: form.email,
        subject: form.subject,
        message: form.message,
        senderIp,
      }),
    );
    return toContactMessage(saved);
  }
}
