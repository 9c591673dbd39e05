/**
 * The contact form: name, email, subject and message, all
 * required, sent to POST /api/contact. One zod schema for the form and the request; its limits
 * come from the contracts and its messages mirror the server's ContactFormDto so a message refused here would be refused
 * there too, with the same Arabic text.
 */
import { useMutation } from '@tanstack/react-query';
import {
  CONTACT_LIMITS,
  path,
  routes,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  type ContactRequest,
  type SuccessResult,
} from '@mazad/contracts';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

export { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS };

export const CONTACT_MESSAGES = {
  nameRequired: 'الاسم مطلوب',
  nameTooLong: `الاسم يجب ألا يتجاوز ${CONTACT_LIMITS.nameMax} حرفاً`,
  emailRequired: 'البريد الإلكتروني مطلوب',
  emailInvalid: 'البريد الإلكتروني غير صالح',
  emailTooLong: `البريد الإلكتروني يجب ألا يتجاوز ${CONTACT_LIMITS.emailMax} حرفاً`,
  subjectRequired: 'الموضوع مطلوب',
  messageRequired: 'الرسالة مطلوبة',
  messageTooShort: `الرسالة يجب أن تكون ${CONTACT_LIMITS.messageMin} أحرف على الأقل`,
  messageTooLong: `الرسالة يجب ألا تتجاوز ${CONTACT_LIMITS.messageMax} حرف`,
  sent: 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً',
  failed: 'تعذر إرسال رسالتك، يرجى المحاولة لاحقاً',
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const contactSchema = z.object({
  name: required(CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong),
  email: required(CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailTooLong)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  // The select starts on an empty "choose" option, so the form holds a string until it is valid.
  subject: z
    .string({ error: CONTACT_MESSAGES.subjectRequired })
    .pipe(z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.subjectRequired })),
  message: required(CONTACT_MESSAGES.messageRequired)
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong),
});

export type ContactFormValues = z.input<typeof contactSchema>;
export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', subject: '', message: '' };

export function sendContactMessage(input: ContactRequest): Promise<SuccessResult> {
  // The form shows the failure itself (a toast with the server's text), so the client stays silent.
  return api.post<SuccessResult>(path(routes.contact.send), input, {
    auth: false,
    silent: true,
    fallbackMessage: CONTACT_MESSAGES.failed,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
