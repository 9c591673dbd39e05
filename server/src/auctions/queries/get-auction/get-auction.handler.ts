import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Auction, AuctionStatus } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { isAdminSession } from '../../auction-rules';
import { AuctionReadModel, BIDS_IN_AUCTION_VIEW } from '../../auction-read-model';
import { GetAuctionQuery } from './get-auction.query';

@QueryHandler(GetAuctionQuery)
export class GetAuctionHandler implements IQueryHandler<GetAuctionQuery, Auction> {
  constructor(private readonly readModel: AuctionReadModel) {}

  async execute({ auctionId, viewer }: GetAuctionQuery): Promise<Auction> {
    const auction = await this.readModel.findOne(auctionId, BIDS_IN_AUCTION_VIEW, viewer?.id);
    if (!auction) throw new AppException('AUCTION_NOT_FOUND');
    if (auction.status === AuctionStatus.Deleted && !isAdminSession(viewer)) {
      // Removed by an operator: the page says why and offers open auctions of its category.
      throw new AppException('AUCTION_NOT_FOUND', { gone: { reason: 'removed', category: auction.category } });
    }
    return auction;
  }
}
