import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { ContactMessage } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { toContactMessage } from '../../contact-message.presenter';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { UpdateContactMessageCommand } from './update-contact-message.command';

@CommandHandler(UpdateContactMessageCommand)
export class UpdateContactMessageHandler implements ICommandHandler<UpdateContactMessageCommand, ContactMessage> {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  async execute({ id, handled }: UpdateContactMessageCommand): Promise<ContactMessage> {
    const row = await this.messages.findOneBy({ id });
    if (!row) throw new AppException('CONTACT_MESSAGE_NOT_FOUND');
    row.handled = handled;
    return toContactMessage(await this.messages.save(row));
  }
}
