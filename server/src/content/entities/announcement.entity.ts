import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The announcement page's content: a single row (unique `singleton`), created by the first save. */
@Entity('announcement_content')
export class AnnouncementEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ default: true, select: false })
  singleton: boolean;

  @Column()
  title: string;

  @Column()
  description: string;

  @Column('text', { array: true, default: '{}' })
  images: string[];

  @Column({ name: 'schedule_date' })
  scheduleDate: string;

  @Column({ name: 'schedule_start_time' })
  scheduleStartTime: string;

  @Column({ name: 'schedule_end_time' })
  scheduleEndTime: string;

  @Column({ name: 'schedule_details' })
  scheduleDetails: string;

  @Column({ name: 'additional_info' })
  additionalInfo: string;

  @Column({ name: 'is_active', default: true })
  isActive: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
