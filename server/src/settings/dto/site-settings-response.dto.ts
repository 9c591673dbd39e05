import { ApiProperty } from '@nestjs/swagger';

class ContactDetailsDto {
  @ApiProperty({ example: '+962 6 000 0000', description: 'CONTACT_PHONE; empty when not configured' }) phone: string;
  @ApiProperty({ example: 'support@mazad.jo', description: 'CONTACT_EMAIL; empty when not configured' }) email: string;
}

export class SiteSettingsResponseDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({
    type: [String],
    example: ['1h', '24h', '72h', '7d', '30d'],
    description: 'Accepted auctionDuration values, in order (AUCTION_DURATIONS)',
  })
  auctionDurations: string[];
  @ApiProperty({
    example: 90,
    description: 'Anti-sniping: an accepted bid moves the end to at least bid time + this (BID_EXTENSION)',
  })
  bidExtensionSeconds: number;
  @ApiProperty({
    example: 900,
    description: 'Unsold auctions are archived this long after their end (ARCHIVE_UNSOLD_AFTER)',
  })
  archiveUnsoldAfterSeconds: number;
  @ApiProperty({
    example: 86400,
    description: 'Sold auctions are archived this long after their end (ARCHIVE_SOLD_AFTER)',
  })
  archiveSoldAfterSeconds: number;
  @ApiProperty({ type: ContactDetailsDto }) contact: ContactDetailsDto;
}
