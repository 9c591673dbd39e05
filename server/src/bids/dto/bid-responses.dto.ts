import { ApiProperty } from '@nestjs/swagger';
import { AUCTION_STATUS_VALUES } from '@mazad/contracts';
import type {
  Auction,
  AuctionStatus,
  Bid,
  BidCorrectionResult,
  LiveAuction,
  MaxBid,
  MaxBidResult,
  PartyRef,
  PlaceBidResult,
} from '@mazad/contracts';
import { AuctionDto, BidDto, PartyRefDto } from '../../auctions';

/** OpenAPI descriptions of the bid answers (the types themselves live in contracts). */
export class LiveAuctionDto implements LiveAuction {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ example: 120.5, description: 'JOD' }) currentPrice: number;
  @ApiProperty({ description: 'Total number of bids' }) bidCount: number;
  @ApiProperty({ format: 'date-time', description: 'Moves with anti-sniping extensions' }) endTime: string;
  @ApiProperty({ enum: AUCTION_STATUS_VALUES }) status: AuctionStatus;
  @ApiProperty({ type: PartyRefDto, nullable: true }) winner: PartyRef | null;
  @ApiProperty({ type: [BidDto], description: 'The last 3 bids, NEWEST FIRST' }) lastBids: Bid[];
  @ApiProperty({ description: 'The bid count after the newest of lastBids (orders copies: docs/realtime.md)' })
  seq: number;
}

const AUCTION_DESCRIPTION =
  'The whole auction as GET /api/auctions/{id} answers it (latest 20 bids, watchedByMe); with `?view=live`, the live view as new_bid carries it (LiveAuction)';

export class PlaceBidResultDto implements PlaceBidResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تمت إضافة المزايدة بنجاح' }) message: string;
  @ApiProperty({ type: AuctionDto, description: AUCTION_DESCRIPTION }) auction: Auction;
  @ApiProperty({ type: BidDto }) bid: Bid;
}

export class OwnMaxBidDto implements MaxBid {
  @ApiProperty({ example: 200, description: 'JOD' }) amount: number;
  @ApiProperty({ format: 'date-time' }) setAt: string;
}

export class MaxBidResultDto implements MaxBidResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة' }) message: string;
  @ApiProperty({ type: AuctionDto, description: AUCTION_DESCRIPTION }) auction: Auction;
  @ApiProperty({ type: OwnMaxBidDto, nullable: true, description: "The member's own maximum; null once withdrawn" })
  maxBid: MaxBid | null;
  @ApiProperty({ description: 'Whether the member holds the current price' }) leading: boolean;
}

export class BidCorrectionResultDto implements BidCorrectionResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم سحب مزايدتك، وعاد السعر إلى ما تقتضيه المزايدات الباقية' }) message: string;
  @ApiProperty({
    type: AuctionDto,
    description: 'The auction after the reprice (latest 20 bids; the bids taken back marked isCancelled)',
  })
  auction: Auction;
}
