import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  NotificationKind,
  type Notification,
  type NotificationLink,
  type NotificationsReadResult,
  type NotificationsResult,
  type Pagination,
} from '@mazad/contracts';
import { PaginationDto } from '../../auctions';
import { PageQueryDto } from '../../common/validation/paging';

/** GET /api/notifications: pages as the other member lists do. */
export class NotificationsQueryDto extends PageQueryDto {}

export class NotificationDto implements Notification {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: Object.values(NotificationKind) }) kind: NotificationKind;
  @ApiProperty({ example: 'تم تجاوز مزايدتك' }) title: string;
  @ApiProperty({ example: 'مزايدة أعلى على "ساعة": السعر الآن 120.000 د.أ' }) body: string;
  @ApiProperty({
    description: "Where it leads: { type: 'auction' | 'conversation', auctionId } or { type: 'profile' }",
    example: { type: 'auction', auctionId: '00000000-0000-4000-8000-000000000000' },
  })
  link: NotificationLink;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) auctionId: string | null;
  @ApiPropertyOptional({
    description: 'JOD (3 decimals), the new price or the sale price',
    nullable: true,
    type: Number,
  })
  amount: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) readAt: string | null;
}

export class NotificationsResultDto implements NotificationsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [NotificationDto] }) notifications: Notification[];
  @ApiProperty({ description: "The member's unread notices over all pages" }) unreadCount: number;
  @ApiProperty({ type: PaginationDto }) pagination: Pagination;
}

export class NotificationsReadResultDto implements NotificationsReadResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تعليم الإشعار كمقروء' }) message: string;
  @ApiProperty() unreadCount: number;
}
