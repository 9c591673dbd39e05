import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OwnMaxBidResult } from '@mazad/contracts';
import { MaxBidAnswers } from '../../max-bid-answers';
import { GetMaxBidQuery } from './get-max-bid.query';

@QueryHandler(GetMaxBidQuery)
export class GetMaxBidHandler implements IQueryHandler<GetMaxBidQuery, OwnMaxBidResult> {
  constructor(private readonly answers: MaxBidAnswers) {}

  async execute({ auctionId, userId }: GetMaxBidQuery): Promise<OwnMaxBidResult> {
    return { success: true, maxBid: await this.answers.own(auctionId, userId) };
  }
}
