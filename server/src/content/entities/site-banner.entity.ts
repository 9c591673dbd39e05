import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The home page's main banner: a single row. */
@Entity('site_banner')
export class SiteBannerEntity {
  @PrimaryColumn({ default: true })
  singleton: boolean;

  @Column()
  title: string;

  @Column()
  subtitle: string;

  @Column()
  description: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
