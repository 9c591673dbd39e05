import { useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Form, SubmitButton, useZodForm } from '@/components/form';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { maskEmail } from '@/lib/mask';
import type { VerificationUserData } from '../api/login';
import { useAvailableServices } from '../api/available-services';
import { useSendOtp } from '../api/send-otp';
import type { OtpType } from '../lib/otp-type';
import { methodSchema } from '../lib/validation';
import { OTP_METHOD_LABELS, type OtpTarget } from '../lib/otp-target';
import { AuthCard } from './auth-card';
import type { LoginLocationState } from './login-screen';

export const TELEGRAM_NOTE = 'لاستخدام تيليجرام يجب أن يكون التطبيق مثبتاً لديك وأن تكون قد تفاعلت مع بوت مزاد مسبقاً.';

/** /verification-method (R-CODE-DELIVERY): needs userData in navigation state. */
export function VerificationMethodScreen() {
  const location = useLocation();
  const userData = (location.state as { userData?: VerificationUserData } | null)?.userData;
  if (!userData?.email) return <Navigate to={paths.login.getHref()} replace />;
  return <VerificationMethodForm userData={userData} />;
}

function VerificationMethodForm({ userData }: { userData: VerificationUserData }) {
  const navigate = useNavigate();
  const services = useAvailableServices();
  const sendCode = useSendOtp();
  const form = useZodForm(methodSchema, { defaultValues: { method: '' } });
  const method = useWatch({ control: form.control, name: 'method' });
  const { errors } = useFormState({ control: form.control });
  const [sendError, setSendError] = useState<string | null>(null);
  const telegramOn = services.data?.telegram === true;
  // The choice's problem and the send's failure show in one banner above the form.
  const error = errors.method?.message ?? sendError;

  const onSubmit = async (values: { method: OtpType }) => {
    setSendError(null);
    const target: OtpTarget = { identifier: userData.email, type: values.method };
    await sendCode.mutateAsync(target);
    navigate(paths.otpVerification.getHref(), { state: target });
  };

  const activationState: LoginLocationState = { mode: 'activate', userData };

  return (
    <AuthCard
      title="تفعيل الحساب"
      subtitle={
        <>
          مرحباً {userData.name}، اختر طريقة استلام رمز التحقق لحسابك <bdi dir="ltr">{maskEmail(userData.email)}</bdi>
        </>
      }
      footer={
        <>
          <p>
            لديك رمز تفعيل بالفعل؟{' '}
            <Link to={paths.login.getHref()} state={activationState}>
              أدخله هنا
            </Link>
          </p>
          <p>
            <Link to={paths.login.getHref()}>العودة إلى تسجيل الدخول</Link>
          </p>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <Form
        form={form}
        className="form"
        onSubmit={onSubmit}
        onError={(err) => setSendError(errorMessage(err, 'حدث خطأ أثناء إرسال الرمز'))}
      >
        <fieldset className="choice-group">
          <legend className="field__label">طريقة التحقق</legend>
          <label className={`choice ${method === 'email' ? 'choice--selected' : ''}`}>
            <input type="radio" value="email" {...form.register('method')} />
            <span className="choice__title">
              {OTP_METHOD_LABELS.email} <span className="tag tag--success">موصى به</span>
            </span>
            <span className="choice__hint">نرسل رمزاً من 6 أرقام إلى بريدك الإلكتروني</span>
          </label>
          <label
            className={`choice ${method === 'telegram' ? 'choice--selected' : ''} ${telegramOn ? '' : 'choice--disabled'}`}
          >
            <input type="radio" value="telegram" disabled={!telegramOn} {...form.register('method')} />
            <span className="choice__title">
              {OTP_METHOD_LABELS.telegram}{' '}
              {!telegramOn && !services.isLoading && <span className="tag">غير متاح حالياً</span>}
            </span>
            <span className="choice__hint">{TELEGRAM_NOTE}</span>
          </label>
        </fieldset>
        <SubmitButton block>إرسال رمز التحقق</SubmitButton>
      </Form>
    </AuthCard>
  );
}
