import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty } from 'class-validator';
import { CONTACT_SUBJECTS, FIELDS } from '@mazad/contracts';
import type { ContactSubject } from '@mazad/contracts';
import { Rules, TextOf } from '../../common/validation/fields';

/** POST /api/contact: every field required; rules and messages are contracts' FIELDS (the web's form checks the same). */
export class ContactFormDto {
  // One line: it is shown in the console's inbox beside other text.
  @TextOf(FIELDS.contactName, { example: 'سارة أحمد', description: 'الاسم (one line)' })
  name: string;

  @TextOf(FIELDS.contactEmail, { example: 'member@example.com' })
  email: string;

  @Rules(
    ApiProperty({ description: 'الموضوع', enum: CONTACT_SUBJECTS, example: 'support' }),
    IsNotEmpty({ message: FIELDS.contactSubject.messages.required }),
    IsIn(CONTACT_SUBJECTS, { message: FIELDS.contactSubject.messages.invalid }),
  )
  subject: ContactSubject;

  @TextOf(FIELDS.contactMessage, { example: 'لدي سؤال عن طريقة الدفع' })
  message: string;
}
