import { LIMITS, type User } from '@mazad/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useUploadProfileImage } from '../../api/upload-profile-image';
import { profileImageErrorMessage } from '../../lib/display';
import * as m from '../../lib/messages';
import { Avatar } from '../avatar';

/**
 * «الصورة الشخصية»: the profile image uploader (an image of 5 MB at most, checked before it is
 * sent; the 401, 403 and 413 messages; a 401 leads to the login page).
 */
export function ProfileImageForm({ user }: { user: User }) {
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
