import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUCTION_STATUS_VALUES, CATEGORY_VALUES } from '@mazad/contracts';
import type {
  Auction,
  AuctionList,
  AuctionMutationResult,
  AuctionStatus,
  Bid,
  Pagination,
  PartyRef,
  SearchHints,
  SearchSuggestion,
  SiteStats,
  SuccessResult,
  UploadImageResult,
  UserAuctionsResult,
  UserBidAuction,
  UserBidAuctionsResult,
} from '@mazad/contracts';

/** OpenAPI descriptions of the auction responses (the types themselves live in contracts). */
export class PartyRefDto implements PartyRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'أحمد محمد' }) name: string;
}

export class SellerRefDto extends PartyRefDto {
  @ApiProperty({ example: 'عمّان' }) location: string;
}

export class BidDto implements Bid {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 120.5, description: 'JOD' }) amount: number;
  @ApiProperty({ type: PartyRefDto }) bidder: PartyRef;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ description: 'True after a buy-now (kept for the record)' }) isCancelled?: boolean;
  @ApiPropertyOptional({ description: "Placed by the engine for the bidder's secret maximum" }) isAutomatic?: boolean;
}

export class AuctionDto implements Auction {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'سيارة تويوتا كامري 2018' }) title: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: CATEGORY_VALUES }) category: string;
  @ApiProperty({ enum: AUCTION_STATUS_VALUES }) status: AuctionStatus;
  @ApiProperty({ type: [String], example: ['/uploads/4f1c0d9e8b7a6f5e4d3c2b1a09f8e7d6.webp'] }) images: string[];
  @ApiProperty({ type: String, nullable: true, description: 'Legacy: the first image' }) imageUrl: string | null;
  @ApiProperty({ example: 100, description: 'JOD' }) startingPrice: number;
  @ApiProperty({ example: 120.5, description: 'JOD' }) currentPrice: number;
  @ApiProperty({ type: Number, nullable: true, example: 250, description: 'JOD' }) buyNowPrice: number | null;
  @ApiProperty() hasBuyNow: boolean;
  @ApiProperty({ example: '24h' }) auctionDuration: string;
  @ApiProperty({ format: 'date-time' }) startTime: string;
  @ApiProperty({ format: 'date-time' }) endTime: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: SellerRefDto }) seller: PartyRef & { location: string };
  @ApiProperty({ type: PartyRefDto, nullable: true }) winner: PartyRef | null;
  @ApiProperty({ type: [BidDto], description: 'The latest bids, oldest first (the last is the newest)' }) bids: Bid[];
  @ApiProperty({ description: 'Total number of bids' }) bidCount: number;
  @ApiProperty() isDealConfirmed: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) dealConfirmedAt: string | null;
  @ApiProperty() hasBeenEdited: boolean;
  @ApiProperty() isRatedBySeller: boolean;
  @ApiProperty() viewCount: number;
  @ApiProperty({ description: 'Members watching it (saved it or bid on it)' }) watchCount: number;
  @ApiPropertyOptional({
    description:
      'Whether the signed-in viewer watches it; only in answers to one member (absent from lists and socket messages)',
  })
  watchedByMe?: boolean;
  @ApiProperty({ format: 'date-time', description: 'Server clock, for countdowns' }) serverTime: string;
}

export class UserBidAuctionDto extends AuctionDto implements UserBidAuction {
  @ApiProperty({ example: 130, description: "The member's highest bid on this auction (JOD)" }) highestBid: number;
  @ApiProperty({ example: 3, description: 'How many bids the member placed on this auction' }) userBidCount: number;
}

export class PaginationDto implements Pagination {
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) limit: number;
  @ApiProperty({ example: 57 }) total: number;
  @ApiProperty({ example: 3 }) totalPages: number;
  @ApiProperty() hasNext: boolean;
  @ApiProperty() hasPrev: boolean;
}

export class AuctionListDto implements AuctionList {
  @ApiProperty({ type: [AuctionDto] }) auctions: Auction[];
  @ApiProperty({ type: PaginationDto }) pagination: Pagination;
  @ApiProperty({ format: 'date-time' }) serverTime: string;
}

export class SearchSuggestionDto implements SearchSuggestion {
  @ApiProperty({ example: 'مسئول مبيعات' }) search: string;
  @ApiProperty({ example: 3, description: 'Listed auctions it finds' }) total: number;
}

export class SearchHintsDto implements SearchHints {
  @ApiProperty({
    type: [SearchSuggestionDto],
    description: 'Other spellings, then the search with a word left out; only those that find something; at most 3',
  })
  suggestions: SearchSuggestion[];

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Listed auctions the same search finds in every category; null without a category',
  })
  allCategoriesTotal: number | null;
}

export class AuctionMutationResultDto implements AuctionMutationResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تحديث المزاد بنجاح' }) message: string;
  @ApiProperty({ type: AuctionDto }) auction: Auction;
}

export class SuccessResultDto implements SuccessResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حذف المزاد بنجاح' }) message: string;
}

export class UserAuctionsResultDto implements UserAuctionsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [AuctionDto] }) auctions: Auction[];
}

export class UserBidAuctionsResultDto implements UserBidAuctionsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [UserBidAuctionDto] }) auctions: UserBidAuction[];
}

export class UploadImageResultDto implements UploadImageResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم رفع الصورة بنجاح' }) message: string;
  @ApiProperty({ example: '/uploads/4f1c0d9e8b7a6f5e4d3c2b1a09f8e7d6.webp' }) imageUrl: string;
}

/** Multipart body of POST /api/upload/images. */
export class UploadImageFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'One image, at most 5 MB, checked by content' })
  image: unknown;
}

export class SiteStatsDto implements SiteStats {
  @ApiProperty({ description: 'Every auction except deleted ones' }) totalAuctions: number;
  @ApiProperty({ description: 'Open auctions (نشط)' }) activeAuctions: number;
  @ApiProperty({ description: 'Sold auctions (مباع)' }) soldAuctions: number;
  @ApiProperty({ description: 'Bids on auctions that are not deleted' }) totalBids: number;
}
