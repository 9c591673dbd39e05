import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { toContactMessage } from '../../contact-message.presenter';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { ContactMessagesPage, ListContactMessagesQuery } from './list-contact-messages.query';

@QueryHandler(ListContactMessagesQuery)
export class ListContactMessagesHandler implements IQueryHandler<ListContactMessagesQuery, ContactMessagesPage> {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  async execute({ params }: ListContactMessagesQuery): Promise<ContactMessagesPage> {
    const [rows, total] = await this.messages.findAndCount({
      where: params.handled === undefined ? {} : { handled: params.handled },
      // The id breaks ties between messages of the same instant, so pages never overlap.
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (params.page - 1) * params.limit,
      take: params.limit,
    });
    return { messages: rows.map(toContactMessage), total };
  }
}
