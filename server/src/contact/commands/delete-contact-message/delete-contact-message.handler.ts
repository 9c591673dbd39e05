import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { ContactMessageEntity } from '../../entities/contact-message.entity';
import { DeleteContactMessageCommand } from './delete-contact-message.command';

/** The delete and its audit entry (who wrote what) in one transaction (R-AUDIT-LOG). */
@CommandHandler(DeleteContactMessageCommand)
export class DeleteContactMessageHandler implements ICommandHandler<DeleteContactMessageCommand, void> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ id, actorId }: DeleteContactMessageCommand): Promise<void> {
    await this.db.transaction(async (m) => {
      const messages = m.getRepository(ContactMessageEntity);
      const row = await messages.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException('CONTACT_MESSAGE_NOT_FOUND');
      await messages.delete({ id });
      const { name, email, subject, message, handled } = row;
      await AuditLog.record(m, {
        actorId,
        action: 'contact_message.delete',
        target: { type: 'contact_message', id },
        before: { name, email, subject, message, handled },
        after: null,
      });
    });
  }
}
