import { ApiProperty } from '@nestjs/swagger';
import { AuctionStatus } from '@mazad/contracts';
import { PartyRefDto } from '../../auctions';
import type {
  ArchivedAuction,
  ArchivedAuctionsResult,
  ArchivedMessage,
  ArchivedRating,
  ArchiveStatsResult,
  ConfirmArchivedDealResult,
  PartyRef,
  RatingRole,
} from '@mazad/contracts';

export class ArchivedMessageDto implements ArchivedMessage {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: PartyRefDto }) sender: PartyRef;
  @ApiProperty({ type: PartyRefDto }) receiver: PartyRef;
  @ApiProperty({ example: 'تم استلام القطعة، شكراً لك' }) content: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

export class ArchivedRatingDto implements ArchivedRating {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: PartyRefDto }) from: PartyRef;
  @ApiProperty({ type: PartyRefDto }) to: PartyRef;
  @ApiProperty({ enum: ['seller', 'buyer'], description: 'The rated side' }) role: RatingRole;
  @ApiProperty({ minimum: 1, maximum: 5 }) stars: number;
  @ApiProperty({ type: String, nullable: true }) comment: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ArchivedAuctionDto implements ArchivedAuction {
  @ApiProperty({ format: 'uuid', description: 'The auction id (the archive keeps the auction itself)' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) auctionId: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: [AuctionStatus.Sold, AuctionStatus.Unsold] }) status: AuctionStatus;
  @ApiProperty() category: string;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ description: 'JOD' }) startingPrice: number;
  @ApiProperty({ description: 'JOD: the last price (the sale price when sold)' }) finalPrice: number;
  @ApiProperty() totalBids: number;
  @ApiProperty() viewCount: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) endedAt: string | null;
  @ApiProperty({ format: 'date-time' }) archivedAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: PartyRefDto }) seller: PartyRef;
  @ApiProperty({ type: PartyRefDto, nullable: true }) winner: PartyRef | null;
  @ApiProperty({ type: [ArchivedMessageDto], description: 'The whole conversation, oldest first' })
  messages: ArchivedMessage[];
  @ApiProperty() messageCount: number;
  @ApiProperty({ type: [ArchivedRatingDto] }) ratings: ArchivedRating[];
  @ApiProperty() isDealConfirmed: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) dealConfirmedAt: string | null;
}

export class ArchivedAuctionsResultDto implements ArchivedAuctionsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [ArchivedAuctionDto] }) archivedAuctions: ArchivedAuction[];
  @ApiProperty({ description: 'All matching archived auctions (this answer carries one page)' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ArchiveStatsResultDto implements ArchiveStatsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'Archived auctions as seller (sold + unsold)' }) totalArchived: number;
  @ApiProperty() soldArchived: number;
  @ApiProperty() unsoldArchived: number;
  @ApiProperty({ description: 'Archived auctions the member won' }) wonArchived: number;
}

export class ConfirmArchivedDealResultDto implements ConfirmArchivedDealResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تأكيد استلام الصفقة بنجاح' }) message: string;
  @ApiProperty({ description: 'False when the deal had already been confirmed (nothing changed)' }) changed: boolean;
  @ApiProperty({ type: ArchivedAuctionDto }) archivedAuction: ArchivedAuction;
}
