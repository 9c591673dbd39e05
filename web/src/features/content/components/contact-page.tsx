import { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS } from '@mazad/contracts';
import { Form, InputField, SelectInput, SubmitButton, TextAreaInput, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useSettings } from '@/lib/settings';
import { CONTACT_MESSAGES, useSendContactMessage } from '../api/contact';
import { contactSchema, EMPTY_CONTACT_FORM } from '../lib/contact-form';
import { ContactDetails } from './contact-details';
import { ContentPage } from './content-page';

/** /contact: the form reaches the operators' inbox (POST /api/contact); every field is required. */
export function ContactPage() {
  const contact = useSettings().data?.contact;
  const send = useSendContactMessage();
  const form = useZodForm(contactSchema, { defaultValues: EMPTY_CONTACT_FORM, mode: 'onTouched' });

  const onSubmit = async (values: Parameters<typeof send.mutateAsync>[0]) => {
    try {
      const result = await send.mutateAsync(values);
      toast.success(result?.message || CONTACT_MESSAGES.sent);
      form.reset(EMPTY_CONTACT_FORM);
    } catch (error) {
      toast.error(errorMessage(error, CONTACT_MESSAGES.failed));
      throw error; // the form puts the server's field messages at their fields
    }
  };

  return (
    <ContentPage
      title="اتصل بنا"
      lead="يسعدنا تواصلك معنا: اكتب رسالتك وسيرد عليك فريق مزاد عبر بريدك الإلكتروني خلال 24 ساعة."
    >
      <div className="contact-layout">
        <Form form={form} onSubmit={onSubmit} className="form card contact-form" aria-label="نموذج التواصل">
          <InputField name="name" label="الاسم" autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} required />
          <InputField
            name="email"
            label="البريد الإلكتروني"
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.emailMax}
            required
          />
          <SelectInput name="subject" label="الموضوع" required>
            <option value="">اختر الموضوع</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </SelectInput>
          <TextAreaInput
            name="message"
            label="الرسالة"
            className="contact-form__message"
            rows={6}
            maxLength={CONTACT_LIMITS.messageMax}
            required
          />
          <SubmitButton block>إرسال الرسالة</SubmitButton>
        </Form>
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
