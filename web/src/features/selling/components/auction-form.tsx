/**
 * The auction form shared by create and edit (react-hook-form with the zod schema of
 * lib/auction-form.ts): every section-5 message at its field, the buy-now message live, the
 * image picker, and a submit button that shows the upload's progress.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORIES, LIMITS } from '@mazad/contracts';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth';
import { durationLabel } from '@/lib/format';
import {
  auctionFormSchema,
  buyNowLiveMessage,
  imagesError,
  type AuctionFormValues,
} from '../lib/auction-form';
import { BUY_NOW_NOT_ABOVE, IMAGES_EDIT_HINT, IMAGES_HINT, LOGIN_FIRST, NO_IMAGES_TOAST } from '../lib/messages';
import { ImagePicker, imageFromUrl, type PickedImage } from './image-picker';

export interface AuctionFormProps {
  mode: 'create' | 'edit';
  defaultValues: AuctionFormValues;
  /** The auction's current image URLs (edit). */
  initialImages?: readonly string[];
  durations: readonly string[];
  submitLabel: string;
  /** Shown on the button while sending, before the percentage. */
  busyLabel: string;
  busy: boolean;
  /** Upload progress 0–1 while sending. */
  progress: number | null;
  onSubmit: (values: AuctionFormValues, images: PickedImage[]) => void;
  /** Cancel, delete … shown beside the submit button. */
  actions?: ReactNode;
  /** Field messages of the server's last 400 answer (`errors: [{ field, message }]`). */
  serverErrors?: readonly { field: string; message: string }[];
}

const FORM_FIELDS: readonly (keyof AuctionFormValues)[] = [
  'title',
  'description',
  'category',
  'auctionDuration',
  'startingPrice',
  'buyNowPrice',
];

function CharCount({ value, max }: { value: string; max: number }) {
  return (
    <span className="selling-count" aria-hidden="true">
      <bdi dir="ltr">
        {value.length} / {max}
      </bdi>
    </span>
  );
}

export function AuctionForm({
  mode,
  defaultValues,
  initialImages,
  durations,
  submitLabel,
  busyLabel,
  busy,
  progress,
  onSubmit,
  actions,
  serverErrors,
}: AuctionFormProps) {
  const { isAuthenticated } = useSession();
  const schema = useMemo(() => auctionFormSchema(durations), [durations]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<AuctionFormValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });

  // The server checks the same rules (and a few only it knows): its field messages go to their fields.
  useEffect(() => {
    let focused = false;
    for (const { field, message } of serverErrors ?? []) {
      const name = FORM_FIELDS.find((f) => f === field);
      if (!name) continue;
      setError(name, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  }, [serverErrors, setError]);
  const [images, setImages] = useState<PickedImage[]>(() => (initialImages ?? []).map(imageFromUrl));
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const imagesRef = useRef<HTMLDivElement>(null);
  const ids = { description: useId(), category: useId(), duration: useId(), buyNow: useId(), progress: useId() };

  const watched = useWatch({ control });
  const title = watched.title ?? '';
  const description = watched.description ?? '';
  const hasBuyNow = Boolean(watched.hasBuyNow);
  const liveBuyNow = buyNowLiveMessage({
    hasBuyNow,
    startingPrice: watched.startingPrice ?? '',
    buyNowPrice: watched.buyNowPrice ?? '',
  });

  const checkImages = (): boolean => {
    const problem = imagesError(images.length, mode);
    setImageError(problem);
    if (problem && images.length === 0) toast.error(NO_IMAGES_TOAST);
    return problem === null;
  };

  const submit = handleSubmit(
    (values) => {
      if (!isAuthenticated) {
        toast.error(LOGIN_FIRST);
        return;
      }
      if (!checkImages()) {
        imagesRef.current?.querySelector('input')?.focus();
        return;
      }
      onSubmit(values, images);
    },
    () => {
      // Field messages show at their fields (the first one takes the focus); the image rule too.
      setImageError(imagesError(images.length, mode));
    },
  );

  const percent = progress === null ? null : Math.round(progress * 100);
  // The live comparison wins over a comparison made earlier (the prices may have changed since).
  const storedBuyNowError = errors.buyNowPrice?.message === BUY_NOW_NOT_ABOVE ? null : errors.buyNowPrice?.message;
  const buyNowError = liveBuyNow ?? storedBuyNowError;

  return (
    <form className="form selling-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <div className="selling-form__field">
        <TextField
          label="عنوان المزاد"
          autoComplete="off"
          maxLength={LIMITS.titleMax + 50}
          error={errors.title?.message}
          disabled={busy}
          {...register('title')}
        />
        <CharCount value={title} max={LIMITS.titleMax} />
      </div>

      <div className={`field selling-form__field ${errors.description ? 'field--invalid' : ''}`}>
        <label htmlFor={ids.description} className="field__label">
          وصف المزاد
        </label>
        <textarea
          id={ids.description}
          className="field__input selling-form__textarea"
          rows={5}
          disabled={busy}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          {...register('description')}
        />
        <CharCount value={description} max={LIMITS.descriptionMax} />
        {errors.description && (
          <p id={`${ids.description}-error`} className="field__error">
            {errors.description.message}
          </p>
        )}
      </div>

      <div className="selling-form__row">
        <div className={`field ${errors.category ? 'field--invalid' : ''}`}>
          <label htmlFor={ids.category} className="field__label">
            الفئة
          </label>
          <select
            id={ids.category}
            className="field__input"
            disabled={busy}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${ids.category}-error` : undefined}
            {...register('category')}
          >
            <option value="">اختر الفئة</option>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${ids.category}-error`} className="field__error">
              {errors.category.message}
            </p>
          )}
        </div>

        <div className={`field ${errors.auctionDuration ? 'field--invalid' : ''}`}>
          <label htmlFor={ids.duration} className="field__label">
            مدة المزاد
          </label>
          <select
            id={ids.duration}
            className="field__input"
            disabled={busy}
            aria-invalid={errors.auctionDuration ? true : undefined}
            aria-describedby={errors.auctionDuration ? `${ids.duration}-error` : undefined}
            {...register('auctionDuration')}
          >
            <option value="">اختر المدة</option>
            {durations.map((d) => (
              <option key={d} value={d}>
                {durationLabel(d)}
              </option>
            ))}
          </select>
          {errors.auctionDuration && (
            <p id={`${ids.duration}-error`} className="field__error">
              {errors.auctionDuration.message}
            </p>
          )}
        </div>
      </div>

      <TextField
        label="السعر الابتدائي (دينار أردني)"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        placeholder="1.000"
        hint="دينار واحد على الأقل، حتى 3 منازل عشرية"
        error={errors.startingPrice?.message}
        disabled={busy}
        {...register('startingPrice', { deps: ['buyNowPrice'] })}
      />

      <div className="selling-form__buy-now">
        <label className="selling-check" htmlFor={ids.buyNow}>
          <input id={ids.buyNow} type="checkbox" disabled={busy} {...register('hasBuyNow')} />
          <span>إضافة سعر شراء فوري</span>
        </label>
        {hasBuyNow && (
          <TextField
            label="سعر الشراء الفوري (دينار أردني)"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            hint="يجب أن يكون أعلى من السعر الابتدائي"
            error={buyNowError}
            disabled={busy}
            {...register('buyNowPrice')}
          />
        )}
      </div>

      <div ref={imagesRef}>
        <ImagePicker
          images={images}
          onChange={(next) => {
            setImages(next);
            if (imageError) setImageError(imagesError(next.length, mode));
          }}
          fileErrors={fileErrors}
          onFileErrors={setFileErrors}
          error={imageError}
          hint={mode === 'edit' ? IMAGES_EDIT_HINT : IMAGES_HINT}
          disabled={busy}
        />
      </div>

      {percent !== null && (
        <div className="selling-progress">
          <label htmlFor={ids.progress}>
            {busyLabel} <bdi dir="ltr">{percent}%</bdi>
          </label>
          <progress id={ids.progress} max={100} value={percent} />
        </div>
      )}

      <div className="selling-form__actions">
        <Button type="submit" size="lg" loading={busy}>
          {busy && percent !== null ? (
            <>
              {busyLabel} <bdi dir="ltr">{percent}%</bdi>
            </>
          ) : (
            submitLabel
          )}
        </Button>
        {actions}
      </div>
    </form>
  );
}
