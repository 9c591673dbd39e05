import { ApiProperty } from '@nestjs/swagger';
import type { Banner, BannersResult } from '@mazad/contracts';

export class BannerDto implements Banner {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'مزادات جديدة كل يوم في الأردن' }) text: string;
  @ApiProperty({ type: String, nullable: true, example: '/announcement-details' }) link: string | null;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ example: 0, description: 'Display order (ascending)' }) order: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class BannersResultDto implements BannersResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [BannerDto] }) banners: Banner[];
}
