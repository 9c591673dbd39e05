import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, Rating } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { markSellerRatedSql } from '../../../auctions';
import { AppException } from '../../../common/errors/app.exception';
import { SellerRatedEvent } from '../../events/seller-rated.event';
import { selectRatings } from '../../rating.presenter';
import { RateSellerCommand } from './rate-seller.command';

/**
 * Rules, in order: the auction exists (404), the caller is its winner (403 RATING_FORBIDDEN),
 * it is sold (400 AUCTION_NOT_SOLD), the rated member is its seller (400 RATING_SELLER_MISMATCH).
 * Then ONE statement inserts the rating and flags the auction (`is_rated_by_seller`: the seller
 * has been rated). The unique index (auction_id, rater_id) makes a second try — even one racing
 * the first — insert nothing: 409 ALREADY_RATED. A stored rating publishes SellerRatedEvent.
 */
@CommandHandler(RateSellerCommand)
export class RateSellerHandler implements ICommandHandler<RateSellerCommand, Rating> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventBus,
  ) {}

  async execute({ rater, sellerId, auctionId, stars, comment }: RateSellerCommand): Promise<Rating> {
    const [auction]: { status: string; seller_id: string; winner_id: string | null }[] = await this.db.query(
      `SELECT status, seller_id, winner_id FROM auctions WHERE id = $1`,
      [auctionId],
    );
    if (!auction || auction.status === AuctionStatus.Deleted) throw new AppException('AUCTION_NOT_FOUND');
    if (auction.winner_id !== rater.id) throw new AppException('RATING_FORBIDDEN');
    if (auction.status !== AuctionStatus.Sold) throw new AppException('AUCTION_NOT_SOLD');
    if (auction.seller_id !== sellerId) throw new AppException('RATING_SELLER_MISMATCH');

    const [inserted]: { id: string }[] = await this.db.query(
      `WITH r AS (
         INSERT INTO ratings (auction_id, rater_id, rated_user_id, role, stars, comment)
         VALUES ($1, $2, $3, 'seller', $4, $5)
         ON CONFLICT (auction_id, rater_id) DO NOTHING
         RETURNING id, auction_id
       ), flagged AS (
         ${markSellerRatedSql('r')}
       )
       SELECT id FROM r`,
      [auctionId, rater.id, sellerId, stars, comment],
    );
    if (!inserted) throw new AppException('ALREADY_RATED');
    this.events.publish(new SellerRatedEvent(auctionId, rater.id, sellerId, stars));
    const [rating] = await selectRatings(this.db, 'id', inserted.id);
    return rating;
  }
}
