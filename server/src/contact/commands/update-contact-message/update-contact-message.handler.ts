import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactMessage } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { toContactMessage } from '../../contact-message.presenter';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { UpdateContactMessageCommand } from './update-contact-message.command';

/** The change and its audit entry in one transaction, under the row's lock (R-AUDIT-LOG). */
@CommandHandler(UpdateContactMessageCommand)
export class UpdateContactMessageHandler implements ICommandHandler<UpdateContactMessageCommand, ContactMessage> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ id, handled, actorId }: UpdateContactMessageCommand): Promise<ContactMessage> {
    const saved = await this.db.transaction(async (m) => {
      const messages = m.getRepository(ContactMessageEntity);
      const row = await messages.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException('CONTACT_MESSAGE_NOT_FOUND');
      const before = { handled: row.handled };
      row.handled = handled;
      const changed = await messages.save(row);
      await AuditLog.record(m, {
        actorId,
        action: 'contact_message.update',
        target: { type: 'contact_message', id },
        before,
        after: { handled: changed.handled },
      });
      return changed;
    });
    return toContactMessage(saved);
  }
}
