import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Auction, AuctionStatus } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { isAdminSession } from '../../auction-rules';
import { AuctionViewsService } from '../../auction-views.service';
import { GetAuctionQuery } from './get-auction.query';

@QueryHandler(GetAuctionQuery)
export class GetAuctionHandler implements IQueryHandler<GetAuctionQuery, Auction> {
  constructor(private readonly views: AuctionViewsService) {}

  async execute({ auctionId, viewer }: GetAuctionQuery): Promise<Auction> {
    const auction = await this.views.findOne(auctionId);
    if (!auction || (auction.status === AuctionStatus.Deleted && !isAdminSession(viewer))) {
      throw new AppException('AUCTION_NOT_FOUND');
    }
    return auction;
  }
}
