import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CONTACT_SUBJECTS } from '@mazad/contracts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useSettings } from '@/lib/settings';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SUBJECT_LABELS,
  contactSchema,
  EMPTY_CONTACT_FORM,
  useSendContactMessage,
} from '../api/contact';
import { ContactDetails } from './contact-details';
import { ContentPage } from './content-page';

/** /contact: the form reaches the operators' inbox (POST /api/contact); every field is required. */
export function ContactPage() {
  const contact = useSettings().data?.contact;
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactSchema), defaultValues: EMPTY_CONTACT_FORM, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await send.mutateAsync(values);
      toast.success(result?.message || CONTACT_MESSAGES.sent);
      reset(EMPTY_CONTACT_FORM);
    } catch (error) {
      toast.error(errorMessage(error, CONTACT_MESSAGES.failed));
    }
  });

  const fieldError = (name: keyof typeof errors) => errors[name]?.message ?? null;

  return (
    <ContentPage
      title="اتصل بنا"
      lead="يسعدنا تواصلك معنا: اكتب رسالتك وسيرد عليك فريق مزاد عبر بريدك الإلكتروني خلال 24 ساعة."
    >
      <div className="contact-layout">
        <form className="form card contact-form" onSubmit={onSubmit} noValidate aria-label="نموذج التواصل">
          <TextField
            label="الاسم"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.nameMax}
            required
            error={fieldError('name')}
            {...register('name')}
          />
          <TextField
            label="البريد الإلكتروني"
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.emailMax}
            required
            error={fieldError('email')}
            {...register('email')}
          />
          <div className={`field ${errors.subject ? 'field--invalid' : ''}`}>
            <label htmlFor="contact-subject" className="field__label">
              الموضوع
            </label>
            <select
              id="contact-subject"
              className="field__input"
              required
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? 'contact-subject-error' : undefined}
              {...register('subject')}
            >
              <option value="">اختر الموضوع</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {CONTACT_SUBJECT_LABELS[subject]}
                </option>
              ))}
            </select>
            {errors.subject && (
              <p id="contact-subject-error" className="field__error">
                {errors.subject.message}
              </p>
            )}
          </div>
          <div className={`field ${errors.message ? 'field--invalid' : ''}`}>
            <label htmlFor="contact-message" className="field__label">
              الرسالة
            </label>
            <textarea
              id="contact-message"
              className="field__input contact-form__message"
              rows={6}
              maxLength={CONTACT_LIMITS.messageMax}
              required
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'contact-message-error' : undefined}
              {...register('message')}
            />
            {errors.message && (
              <p id="contact-message-error" className="field__error">
                {errors.message.message}
              </p>
            )}
          </div>
          <Button type="submit" block loading={send.isPending}>
            إرسال الرسالة
          </Button>
        </form>
        <aside className="card contact-aside" aria-labelledby="contact-aside-title">
          <h2 id="contact-aside-title">طرق التواصل الأخرى</h2>
          <p className="muted">
            الدعم متاح على مدار الساعة طوال أيام الأسبوع، ونرد على البريد الإلكتروني خلال 24 ساعة.
          </p>
          {contact && <ContactDetails contact={contact} />}
        </aside>
      </div>
    </ContentPage>
  );
}
