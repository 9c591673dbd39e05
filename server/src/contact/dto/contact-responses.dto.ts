import { ApiProperty } from '@nestjs/swagger';
import { CONTACT_SUBJECTS } from '@mazad/contracts';
import type { ContactMessage, ContactMessagesResult, ContactSubject } from '@mazad/contracts';

export class ContactMessageDto implements ContactMessage {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'سارة أحمد' }) name: string;
  @ApiProperty({ example: 'member@example.com' }) email: string;
  @ApiProperty({ enum: CONTACT_SUBJECTS }) subject: ContactSubject;
  @ApiProperty({ example: 'لدي سؤال عن طريقة الدفع' }) message: string;
  @ApiProperty() handled: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ContactSentDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً' }) message: string;
}

export class ContactMessagesResultDto implements ContactMessagesResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [ContactMessageDto] }) messages: ContactMessage[];
  @ApiProperty({ example: 42 }) total: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 25 }) limit: number;
}

export class ContactMessageMutationDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تحديث حالة الرسالة' }) message: string;
  @ApiProperty({ type: ContactMessageDto }) data: ContactMessage;
}
