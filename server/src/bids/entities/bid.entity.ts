import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../common/money/bigint.transformer';
import { UserEntity } from '../../users/entities/user.entity';
import type { AuctionEntity } from '../../auctions/entities/auction.entity';

@Entity('bids')
export class BidEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Acceptance order (identity column, written by the database). */
  @Column({ type: 'bigint', insert: false, update: false, transformer: bigintNumber })
  seq: number;

  @Column({ name: 'auction_id', type: 'uuid' })
  auctionId: string;

  // One-way relation: the bids of an auction are read with SQL (AuctionReadModel), so the
  // auction entity has no bids collection and the two entities do not import each other.
  @ManyToOne('AuctionEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auction_id' })
  auction?: AuctionEntity;

  @Column({ name: 'bidder_id', type: 'uuid' })
  bidderId: string;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'bidder_id' })
  bidder?: UserEntity;

  @Column({ name: 'amount_fils', type: 'bigint', transformer: bigintNumber })
  amountFils: number;

  /** The client's idempotency key for this bid, if it sent one (unique per member and auction). */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 100, nullable: true })
  idempotencyKey: string | null;

  /** Placed by the engine for the bidder's maximum (R-MAX-BID). */
  @Column({ name: 'is_automatic', default: false })
  isAutomatic: boolean;

  @Column({ name: 'is_cancelled', default: false })
  isCancelled: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
