import { ApiProperty } from '@nestjs/swagger';
import { AUCTION_STATUS_VALUES } from '@mazad/contracts';
import type {
  AdminAuctionRow,
  AdminAuctionsResult,
  AdminStatsResult,
  AdminUserRow,
  AdminUsersResult,
  AuctionStatus,
  Bid,
  PartyRef,
} from '@mazad/contracts';
import { BidDto, PartyRefDto } from '../../auctions';

export class AdminStatsResultDto implements AdminStatsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'Members (deleted ones excluded)' }) totalUsers: number;
  @ApiProperty({ description: 'Auctions ever listed, archived included, deleted excluded' }) totalAuctions: number;
  @ApiProperty({ description: 'Open auctions (نشط)' }) activeAuctions: number;
  @ApiProperty({ description: 'Sold auctions, archived included' }) soldAuctions: number;
  @ApiProperty({ description: 'Bids on auctions that are not deleted' }) totalBids: number;
  @ApiProperty({ description: 'JOD: sum of the final prices of sold auctions', example: 1520.5 }) totalRevenue: number;
}

export class AdminUserRowDto implements AdminUserRow {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() location: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
  @ApiProperty({ type: String, nullable: true }) profileImage: string | null;
  @ApiProperty({ description: 'Auctions listed (deleted ones excluded)' }) totalAuctions: number;
  @ApiProperty({ description: 'Bids placed' }) totalBids: number;
  @ApiProperty() isVerified: boolean;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty({ example: 'math_verification' }) registrationSource: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class AdminUsersResultDto implements AdminUsersResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [AdminUserRowDto] }) users: AdminUserRow[];
  @ApiProperty({ description: 'Members matching the search (every page)' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class AdminAuctionRowDto implements AdminAuctionRow {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() category: string;
  @ApiProperty({ type: PartyRefDto }) seller: PartyRef;
  @ApiProperty({ type: PartyRefDto, nullable: true }) winner: PartyRef | null;
  @ApiProperty({ description: 'JOD' }) currentPrice: number;
  @ApiProperty({ description: 'Total bids' }) bidCount: number;
  @ApiProperty({ type: [BidDto], description: 'The latest bids, newest last' }) bids: Bid[];
  @ApiProperty({ enum: AUCTION_STATUS_VALUES }) status: AuctionStatus;
  @ApiProperty({ format: 'date-time' }) endTime: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Set once the auction moved to the archive',
  })
  archivedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class AdminAuctionsResultDto implements AdminAuctionsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [AdminAuctionRowDto] }) auctions: AdminAuctionRow[];
  @ApiProperty({ description: 'Auctions matching the filters (every page)' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
