/**
 * The profile tab: view or edit name, phone and location; the profile image uploader (30 s,
 * 401/403/413 messages); the credentials form with its three toasts, and the code step of an
 * email change (the new email is applied only with the code sent to it).
 */
import { formatPhone, LIMITS, type User } from '@mazad/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { PushSettings } from '@/features/push';
import { NotificationSettings } from '@/features/notifications';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChangeCredentials } from '../api/change-credentials';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadProfileImage } from '../api/upload-profile-image';
import {
  checkCredentials,
  emailCodeSchema,
  profileFormSchema,
  profileImageErrorMessage,
  type CredentialsValues,
} from '../lib/display';
import * as m from '../lib/messages';
import { Avatar, formatDay } from './common';

function ProfileDetails({ user }: { user: User }) {
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

function ProfileImageUploader({ user }: { user: User }) {
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const inputId = useId();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadProfileImage({
    onSuccess: (result) => {
      updateUser(result.user);
      setProblem(null);
      toast.success(result.message || m.IMAGE_UPDATED);
    },
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      const text = profileImageErrorMessage(status, error instanceof ApiError ? error.message : null);
      toast.error(text);
      setProblem(text);
      if (status === 401) navigate(paths.login.getHref());
    },
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem(m.IMAGE_NOT_IMAGE);
    // Said before sending: the server would answer 413 after the whole upload.
    if (file.size > LIMITS.imageMaxBytes) return setProblem(m.IMAGE_TOO_LARGE);
    setProblem(null);
    upload.mutate(file);
  };

  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>الصورة الشخصية</h2>
      <div className="profile-image">
        <Avatar name={user.name} src={user.profileImage} size={96} />
        <div className="field">
          <span id={`${inputId}-label`} className="field__label">
            تغيير الصورة الشخصية
          </span>
          <label
            className={`btn btn--secondary btn--md file-button ${upload.isPending ? 'file-button--disabled' : ''}`}
          >
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept="image/*"
              disabled={upload.isPending}
              aria-labelledby={`${inputId}-label`}
              aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            اختر صورة
          </label>
          <p id={`${inputId}-hint`} className="field__hint">
            صورة واحدة بحجم 5 ميغابايت على الأكثر.
          </p>
          {upload.isPending && <p className="muted">جارٍ رفع الصورة…</p>}
          {problem && (
            <p id={`${inputId}-error`} className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** The code sent to a new email: the change is made only once it is entered. */
function EmailCodeForm({ pendingEmail, onDone }: { pendingEmail: string; onDone: () => void }) {
  const { updateUser } = useSession();
  const form = useZodForm(emailCodeSchema, { defaultValues: { code: '' } });
  const confirm = useConfirmEmailChange({
    onSuccess: (result) => {
      updateUser(result.user);
      toast.success(result.message || m.EMAIL_CHANGED);
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, m.EMAIL_CHANGE_ERROR)),
  });
  return (
    <Form form={form} className="form" onSubmit={({ code }) => confirm.mutateAsync(code)}>
      {/* The server does not say whether the address is another account's (it mails that address a notice instead of a code). */}
      <p>
        إن كان <bdi dir="ltr">{pendingEmail}</bdi> متاحاً فقد أرسلنا إليه رمز تأكيد. لن يتغير بريدك قبل إدخاله، وإن لم
        يصلك الرمز فربما يكون هذا البريد مستخدماً لحساب آخر.
      </p>
      <InputField name="code" label="رمز التأكيد" format="code" />
      <div className="profile-actions">
        <SubmitButton>تأكيد البريد الإلكتروني</SubmitButton>
        <Button type="button" variant="secondary" onClick={onDone}>
          إلغاء
        </Button>
      </div>
    </Form>
  );
}

function CredentialsForm({ user }: { user: User }) {
  const { token, signIn } = useSession();
  const titleId = useId();
  // Checked on submit, one toast at a time in the rules' order (checkCredentials), not field by field.
  const form = useForm<CredentialsValues>({
    defaultValues: { currentPassword: '', email: user.email, newPassword: '' },
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const save = useChangeCredentials({
    onSuccess: (result) => {
      // A new password retires older tokens: continue with the one in the answer.
      signIn(result.token, result.user);
      form.reset({ currentPassword: '', email: result.user.email, newPassword: '' });
      setPendingEmail(result.pendingEmail ?? null);
      toast.success(result.message || (result.pendingEmail ? m.EMAIL_CODE_SENT : m.CREDENTIALS_UPDATED));
    },
    onError: (error) => toast.error(errorMessage(error, m.CREDENTIALS_UPDATE_ERROR)),
  });

  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>بيانات الدخول</h2>
      {pendingEmail ? <EmailCodeForm pendingEmail={pendingEmail} onDone={() => setPendingEmail(null)} /> : null}
      <Form
        form={form}
        className="form"
        hidden={pendingEmail !== null}
        onSubmit={(values) => {
          const check = checkCredentials(values, user.email, token);
          if (!check.ok) return void toast.error(check.message);
          return save.mutateAsync(check.body);
        }}
      >
        <InputField name="email" label="البريد الإلكتروني" type="email" dir="ltr" autoComplete="email" />
        <InputField
          name="newPassword"
          label="كلمة المرور الجديدة (اختياري)"
          type="password"
          dir="ltr"
          autoComplete="new-password"
        />
        <InputField
          name="currentPassword"
          label="كلمة المرور الحالية"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          hint="مطلوبة لتأكيد أي تغيير"
        />
        <div className="profile-actions">
          <SubmitButton>تحديث بيانات الدخول</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export function ProfileTabPanel({ user }: { user: User }) {
  return (
    <div className="profile-tab-grid">
      <ProfileDetails user={user} />
      <ProfileImageUploader user={user} />
      <CredentialsForm user={user} />
      <NotificationSettings userId={user._id} pushStatus={<PushSettings />} />
    </div>
  );
}
