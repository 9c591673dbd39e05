import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ContactSubject } from '@mazad/contracts';

/** A message sent through the member site's contact form, read by operators in the console. */
@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar' })
  email: string;

  @Column({ type: 'varchar' })
  subject: ContactSubject;

  @Column({ type: 'text' })
  message: string;

  @Column({ default: false })
  handled: boolean;

  @Column({ name: 'sender_ip', type: 'varchar', nullable: true })
  senderIp: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
