import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional } from 'class-validator';
import { PageParam, PageSizeParam } from '../../common/validation/paging';

export const CONTACT_PAGE_DEFAULT = 25;
export const CONTACT_PAGE_MAX = 200;

/** Query strings carry booleans as text: "true"/"false" become booleans, anything else stays as sent (and is refused). */
const BooleanText = () => Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

/** GET /api/admin/contact-messages */
export class ContactMessagesQueryDto {
  @PageParam()
  page?: number;

  @PageSizeParam({ default: CONTACT_PAGE_DEFAULT, max: CONTACT_PAGE_MAX })
  limit?: number;

  @ApiPropertyOptional({ type: Boolean, description: 'Only handled (true) or only unhandled (false) messages' })
  @IsBoolean({ message: 'حالة المعالجة يجب أن تكون true أو false' })
  @IsOptional()
  @BooleanText()
  handled?: boolean;
}

/** PATCH /api/admin/contact-messages/{id} */
export class UpdateContactMessageDto {
  @ApiPropertyOptional({ type: Boolean, description: 'Handled by an operator' })
  @IsBoolean({ message: 'حالة المعالجة يجب أن تكون true أو false' })
  @IsNotEmpty({ message: 'حالة المعالجة مطلوبة' })
  handled: boolean;
}
