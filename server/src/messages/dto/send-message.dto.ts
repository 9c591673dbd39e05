import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, IsUUID } from 'class-validator';
import { LIMITS, SendMessageRequest } from '@mazad/contracts';
import { cleanText, MaxChars } from '../../common/validation/fields';
import { CanonicalId } from '../../common/validation/ids';

/**
 * Text is trimmed (and NUL characters dropped: PostgreSQL text cannot hold them); a missing,
 * null or blank text reaches the handler as "" (the field's default when absent) and is refused
 * there with MESSAGE_EMPTY.
 */
const MessageText = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? cleanText(value) : value;
  });

export class SendMessageDto implements SendMessageRequest {
  @ApiProperty({ format: 'uuid', description: 'The sold auction the conversation is about' })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف المزاد (auctionId) غير صالح' })
  auctionId: string;

  @ApiProperty({
    format: 'uuid',
    description: 'The other party: the winner when the seller writes, the seller when the winner writes',
  })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف المستلم (receiverId) غير صالح' })
  receiverId: string;

  @ApiProperty({
    description: 'Plain text, trimmed, 1–2000 characters. Stored and returned verbatim (no HTML processing).',
    maxLength: LIMITS.messageMax,
    example: 'مرحباً، متى يمكنني استلام السيارة؟',
  })
  @MaxChars(LIMITS.messageMax, { message: `نص الرسالة (content) يجب ألا يتجاوز ${LIMITS.messageMax} حرف` })
  @IsString({ message: 'نص الرسالة (content) يجب أن يكون نصاً' })
  @MessageText()
  content: string = '';
}
