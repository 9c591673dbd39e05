import { ApiProperty } from '@nestjs/swagger';
import type { BlockedMember, BlocksResult, BlockResult } from '@mazad/contracts';

export class BlockResultDto implements BlockResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حظر العضو' }) message: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: 'The state after the call' }) blocked: boolean;
}

export class BlockedMemberDto implements BlockedMember {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) profileImage: string | null;
  @ApiProperty({ format: 'date-time' }) blockedAt: string;
}

export class BlocksResultDto implements BlocksResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [BlockedMemberDto], description: 'Most recently blocked first' }) members: BlockedMember[];
}
