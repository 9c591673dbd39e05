import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { CONTACT_LIMITS, CONTACT_SUBJECTS } from '@mazad/contracts';
import type { ContactSubject } from '@mazad/contracts';
import { SingleLineText } from '../../common/validation/fields';

/** Rules checked in the order written, so a field reports the first rule it breaks. */
const Rules = (...rules: PropertyDecorator[]) => applyDecorators(...rules);

const trim = Transform(({ value }) =>
  typeof value === 'string' ? value.replaceAll(String.fromCharCode(0), '').trim() : value,
);

/** POST /api/contact: every field required (the contact page's form: name, email, subject, message). */
export class ContactFormDto {
  // One line (it is shown in the console's inbox beside other text): common/validation/fields.ts.
  @SingleLineText({ label: 'الاسم', required: 'الاسم مطلوب', example: 'سارة أحمد', max: CONTACT_LIMITS.nameMax })
  name: string;

  @Rules(
    ApiProperty({
      description: 'البريد الإلكتروني',
      example: 'member@example.com',
      maxLength: CONTACT_LIMITS.emailMax,
    }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    IsNotEmpty({ message: 'البريد الإلكتروني مطلوب' }),
    IsString({ message: 'البريد الإلكتروني غير صالح' }),
    IsEmail({}, { message: 'البريد الإلكتروني غير صالح' }),
    MaxLength(CONTACT_LIMITS.emailMax, { message: `البريد الإلكتروني يجب ألا يتجاوز ${CONTACT_LIMITS.emailMax} حرفاً` }),
  )
  email: string;

  @Rules(
    ApiProperty({ description: 'الموضوع', enum: CONTACT_SUBJECTS, example: 'support' }),
    IsNotEmpty({ message: 'الموضوع مطلوب' }),
    IsIn(CONTACT_SUBJECTS, { message: 'الموضوع غير صالح' }),
  )
  subject: ContactSubject;

  @Rules(
    ApiProperty({
      description: 'الرسالة',
      example: 'لدي سؤال عن طريقة الدفع',
      minLength: CONTACT_LIMITS.messageMin,
      maxLength: CONTACT_LIMITS.messageMax,
    }),
    trim,
    IsNotEmpty({ message: 'الرسالة مطلوبة' }),
    IsString({ message: 'الرسالة يجب أن تكون نصاً' }),
    MinLength(CONTACT_LIMITS.messageMin, {
      message: `الرسالة يجب أن تكون ${CONTACT_LIMITS.messageMin} أحرف على الأقل`,
    }),
    MaxLength(CONTACT_LIMITS.messageMax, { message: `الرسالة يجب ألا تتجاوز ${CONTACT_LIMITS.messageMax} حرف` }),
  )
  message: string;
}
