import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { RatingRole } from '@mazad/contracts';
import { AuctionEntity } from '../../auctions/entities/auction.entity';
import { UserEntity } from '../../users/entities/user.entity';

/** A member's rating of the other party of a sold auction (for now: the winner rates the seller). */
@Entity('ratings')
export class RatingEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'auction_id', type: 'uuid' })
  auctionId: string;

  @ManyToOne(() => AuctionEntity)
  @JoinColumn({ name: 'auction_id' })
  auction?: AuctionEntity;

  @Column({ name: 'rater_id', type: 'uuid' })
  raterId: string;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'rater_id' })
  rater?: UserEntity;

  @Column({ name: 'rated_user_id', type: 'uuid' })
  ratedUserId: string;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'rated_user_id' })
  ratedUser?: UserEntity;

  /** The rated side (`seller`: the winner rated the seller). */
  @Column({ type: 'varchar', length: 10 })
  role: RatingRole;

  @Column({ type: 'smallint' })
  stars: number;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  comment: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
