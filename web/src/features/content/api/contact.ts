/** POST /api/contact: the contact form's message to the operators (the form: lib/contact-form.ts). */
import { useMutation } from '@tanstack/react-query';
import {
  CONTACT_LIMITS,
  path,
  routes,
  CONTACT_SUBJECT_LABELS,
  type ContactRequest,
  type SuccessResult,
} from '@mazad/contracts';
import { api } from '@/lib/api-client';

export { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS };

export const CONTACT_MESSAGES = {
  sent: 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً',
  failed: 'تعذر إرسال رسالتك، يرجى المحاولة لاحقاً',
} as const;

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
