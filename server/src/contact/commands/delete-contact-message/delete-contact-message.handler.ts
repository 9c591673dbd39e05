import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { DeleteContactMessageCommand } from './delete-contact-message.command';

@CommandHandler(DeleteContactMessageCommand)
export class DeleteContactMessageHandler implements ICommandHandler<DeleteContactMessageCommand, void> {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  async execute({ id }: DeleteContactMessageCommand): Promise<void> {
    const { affected } = await this.messages.delete({ id });
    if (!affected) throw new AppException('CONTACT_MESSAGE_NOT_FOUND');
  }
}
