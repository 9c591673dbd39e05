import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { AuctionStatus } from '@mazad/contracts';
import { bigintNumber } from '../../common/money/bigint.transformer';
import { UserEntity } from '../../users/entities/user.entity';

@Entity('auctions')
export class AuctionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'seller_id', type: 'uuid' })
  sellerId: string;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'seller_id' })
  seller?: UserEntity;

  @Column()
  title: string;

  @Column()
  description: string;

  @Column()
  category: string;

  @Column({ type: 'varchar' })
  status: AuctionStatus;

  @Column('text', { array: true, default: '{}' })
  images: string[];

  @Column({ name: 'starting_price_fils', type: 'bigint', transformer: bigintNumber })
  startingPriceFils: number;

  @Column({ name: 'current_price_fils', type: 'bigint', transformer: bigintNumber })
  currentPriceFils: number;

  @Column({ name: 'buy_now_price_fils', type: 'bigint', nullable: true, transformer: bigintNumber })
  buyNowPriceFils: number | null;

  @Column({ name: 'auction_duration' })
  auctionDuration: string;

  @Column({ name: 'start_time', type: 'timestamptz' })
  startTime: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  endTime: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ name: 'winner_id', type: 'uuid', nullable: true })
  winnerId: string | null;

  @ManyToOne(() => UserEntity, { nullable: true })
  @JoinColumn({ name: 'winner_id' })
  winner?: UserEntity | null;

  @Column({ name: 'bid_count', default: 0 })
  bidCount: number;

  @Column({ name: 'has_been_edited', default: false })
  hasBeenEdited: boolean;

  @Column({ name: 'is_deal_confirmed', default: false })
  isDealConfirmed: boolean;

  @Column({ name: 'deal_confirmed_at', type: 'timestamptz', nullable: true })
  dealConfirmedAt: Date | null;

  @Column({ name: 'is_rated_by_seller', default: false })
  isRatedBySeller: boolean;

  @Column({ name: 'view_count', default: 0 })
  viewCount: number;

  /** Set when the auction moved to the archive (it then leaves the live lists; docs/after-sale.md). */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
