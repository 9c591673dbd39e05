import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { ChatMessage, DailyStat, DailyStatsResult } from '@mazad/contracts';
import { IntegerParam } from '../../common/validation/fields';

export const DAILY_STATS_DEFAULT_DAYS = 30;
export const DAILY_STATS_MAX_DAYS = 366;

/** GET /api/admin/stats/daily */
export class DailyStatsQueryDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: DAILY_STATS_MAX_DAYS,
    default: DAILY_STATS_DEFAULT_DAYS,
    description: 'How many Asia/Amman days, today included',
  })
  @Max(DAILY_STATS_MAX_DAYS, { message: `عدد الأيام يجب ألا يتجاوز ${DAILY_STATS_MAX_DAYS}` })
  @Min(1, { message: 'عدد الأيام يجب أن يكون 1 على الأقل' })
  @IsInt({ message: 'عدد الأيام يجب أن يكون عدداً صحيحاً' })
  @IsOptional()
  @IntegerParam()
  days?: number;
}

export class DailyStatDto implements DailyStat {
  @ApiProperty({ example: '2026-11-23', description: 'YYYY-MM-DD in Asia/Amman' }) date: string;
  @ApiProperty({ example: 4 }) newAuctions: number;
  @ApiProperty({ example: 37 }) bids: number;
  @ApiProperty({ example: 2 }) sales: number;
  @ApiProperty({ example: 125.5, description: 'JOD (final prices of the day’s sales)' }) revenue: number;
}

export class DailyStatsResultDto implements DailyStatsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [DailyStatDto], description: 'Oldest first, one row per day, zeros included' })
  days: DailyStat[];
}

class PartyDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

class ModeratedMessageDto implements ChatMessage {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() content: string;
  @ApiProperty({ type: PartyDto }) sender: ChatMessage['sender'];
  @ApiProperty({ type: PartyDto }) receiver: ChatMessage['receiver'];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() isRead: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) readAt: string | null;
  @ApiProperty({ format: 'uuid' }) auction: string;
  @ApiProperty({ format: 'uuid' }) auctionId: string;
}

export class AuctionConversationResultDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [ModeratedMessageDto], description: 'Oldest first' }) messages: ChatMessage[];
}
