import { formatPhone, LIMITS, type User } from '@mazad/contracts';
import { useId, useState } from 'react';
import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useUpdateProfile } from '../../api/update-profile';
import { profileFormSchema } from '../../lib/display';
import { formatDay } from '../../lib/format-day';
import * as m from '../../lib/messages';

/** «البيانات الشخصية»: name, phone and location, shown, or edited by the shared field rules. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const { updateUser } = useSession();
  const titleId = useId();
  const form = useZodForm(profileFormSchema, {
    defaultValues: { name: user.name, phone: user.phone ?? '', location: user.location ?? '' },
  });
  const save = useUpdateProfile(user._id, {
    onSuccess: (result) => {
      updateUser(result.user);
      toast.success(result.message || m.PROFILE_UPDATED);
      form.reset({ name: result.user.name, phone: result.user.phone, location: result.user.location });
      setEditing(false);
    },
    onError: (error) => toast.error(errorMessage(error, m.PROFILE_UPDATE_ERROR)),
  });

  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <div className="profile-section__head">
        <h2 id={titleId}>البيانات الشخصية</h2>
        {!editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            تعديل البيانات
          </Button>
        )}
      </div>
      {editing ? (
        <Form
          form={form}
          className="form"
          // The values arrive trimmed by the shared field rules.
          onSubmit={(values) => save.mutateAsync(values)}
          onInvalid={() => toast.error(m.FILL_REQUIRED_FIELDS)}
        >
          <InputField name="name" label="الاسم" autoComplete="name" maxLength={LIMITS.nameMax} />
          <InputField name="phone" label="رقم الهاتف" format="phone" maxLength={LIMITS.phoneMax} />
          <InputField name="location" label="الموقع" autoComplete="address-level2" maxLength={LIMITS.locationMax} />
          <div className="profile-actions">
            <SubmitButton>حفظ</SubmitButton>
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => {
                form.reset();
                setEditing(false);
              }}
            >
              إلغاء
            </Button>
          </div>
        </Form>
      ) : (
        <dl className="profile-facts">
          <div>
            <dt>الاسم</dt>
            <dd data-testid="profile-name">{user.name}</dd>
          </div>
          <div>
            <dt>البريد الإلكتروني</dt>
            <dd>
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          </div>
          <div>
            <dt>رقم الهاتف</dt>
            <dd>
              <bdi dir="ltr">{user.phone ? formatPhone(user.phone) : '—'}</bdi>
            </dd>
          </div>
          <div>
            <dt>الموقع</dt>
            <dd data-testid="profile-location">{user.location || '—'}</dd>
          </div>
          <div>
            <dt>عضو منذ</dt>
            <dd>{formatDay(user.createdAt)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
