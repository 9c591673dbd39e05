import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { DeleteContactMessageCommand } from './delete-contact-message.command';

/**
 * The delete and its audit entry in one transaction (R-AUDIT-LOG). The entry keeps the subject
 * and the state, not the sender's name, address or words: the message goes for good, the log
 * stays forever.
 */
@CommandHandler(DeleteContactMessageCommand)
export class DeleteContactMessageHandler implements ICommandHandler<DeleteContactMessageCommand, void> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ id, actorId }: DeleteContactMessageCommand): Promise<void> {
    await this.db.transaction(async (m) => {
      const messages = m.getRepository(ContactMessageEntity);
      const row = await messages.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException('CONTACT_MESSAGE_NOT_FOUND');
      await messages.delete({ id });
      await AuditLog.record(m, {
        actorId,
        action: 'contact_message.delete',
        target: { type: 'contact_message', id },
        before: { subject: row.subject, handled: row.handled },
        after: null,
      });
    });
  }
}
