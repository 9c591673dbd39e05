/**
 * The contact form: name, email, subject and message, all required, by the shared field rules
 * (FIELDS of @mazad/contracts: the server's limits and Arabic texts), so a message refused here
 * would be refused there too, with the same words.
 */
import { CONTACT_SUBJECTS, FIELDS } from '@mazad/contracts';
import { fields } from '@/lib/field-schemas';
import { z } from '@/lib/zod';

export const contactSchema = z.object({
  name: fields.contactName,
  email: fields.contactEmail,
  // The select starts on an empty "choose" option, so the form holds a string until it is valid.
  subject: fields.choice(FIELDS.contactSubject, CONTACT_SUBJECTS),
  message: fields.contactMessage,
});

export type ContactFormValues = z.input<typeof contactSchema>;
export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', subject: '', message: '' };
