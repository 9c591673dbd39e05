import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { LIMITS, type ConversationPageQuery } from '@mazad/contracts';
import { PageSizeParam } from '../../common/validation/paging';
import { CanonicalId } from '../../common/validation/ids';

/** `before` and `after` are message ids from an earlier answer; at most one of them. */
export class ConversationPageQueryDto implements ConversationPageQuery {
  @PageSizeParam({ default: LIMITS.messagesPageDefault, max: LIMITS.messagesPageMax })
  limit?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'Older messages than this one (`nextCursor`)' })
  @CanonicalId()
  @IsUUID('all', { message: 'مؤشر الصفحة (before) غير صالح' })
  @IsOptional()
  before?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only messages newer than this one (`latestCursor`), for polling',
  })
  @CanonicalId()
  @IsUUID('all', { message: 'مؤشر الصفحة (after) غير صالح' })
  @IsOptional()
  after?: string;
}
