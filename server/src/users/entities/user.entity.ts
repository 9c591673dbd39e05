import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column()
  name: string;

  /** Always lower-cased and trimmed. */
  @Column()
  email: string;

  @Column()
  phone: string;

  @Column()
  location: string;

  @Column({ name: 'password_hash', select: false })
  passwordHash: string;

  @Column({ name: 'profile_image', type: 'text', nullable: true })
  profileImage: string | null;

  @Column({ name: 'is_verified', default: false })
  isVerified: boolean;

  @Column({ name: 'is_admin', default: false })
  isAdmin: boolean;

  @Column({ name: 'registration_source', default: 'math_verification' })
  registrationSource: string;

  /**
   * Made by an operator for a load test (POST /api/admin/load-test/fixtures): exempt from the
   * request-rate limits, removed by the fixtures' clean-up (docs/adr/0013-load-test-fixtures-through-the-api.md).
   */
  @Column({ name: 'load_test', default: false })
  loadTest: boolean;

  @Column({ name: 'telegram_chat_id', type: 'varchar', nullable: true, select: false })
  telegramChatId: string | null;

  /** Bumped by a password change or logout-everywhere; tokens carry it and stop working. */
  @Column({ name: 'token_version', default: 0 })
  tokenVersion: number;

  /** Set when an admin deleted the member: the row stays, anonymised (docs/adr/0006-admin-deletes.md). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
