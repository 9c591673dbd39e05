/**
 * The auction form shared by create and edit (the app's form wrapper with the zod schema of
 * lib/auction-form.ts): every message at its field (the server's too), the buy-now message
 * live, the image picker, and a submit button that shows the upload's progress.
 */
import { CATEGORIES, FIELDS, LIMITS } from '@mazad/contracts';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, InputField, SelectInput, SubmitButton, TextAreaInput, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth';
import { durationLabel } from '@/lib/format';
import { auctionFormSchema, buyNowLiveMessage, imagesError, type AuctionFormValues } from '../lib/auction-form';
import { IMAGES_EDIT_HINT, IMAGES_HINT, LOGIN_FIRST, NO_IMAGES_TOAST } from '../lib/messages';
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
  /**
   * Sends the auction; a refusal it throws (after its toast) puts the server's field messages
   * (`errors: [{ field, message }]`) at their fields.
   */
  onSubmit: (values: AuctionFormValues, images: PickedImage[]) => Promise<unknown>;
  /** Cancel, delete … shown beside the submit button. */
  actions?: ReactNode;
}

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
}: AuctionFormProps) {
  const { isAuthenticated } = useSession();
  const schema = useMemo(() => auctionFormSchema(durations), [durations]);
  const form = useZodForm(schema, { defaultValues, mode: 'onTouched' });
  const [images, setImages] = useState<PickedImage[]>(() => (initialImages ?? []).map(imageFromUrl));
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const imagesRef = useRef<HTMLDivElement>(null);
  const progressId = useId();

  const watched = useWatch({ control: form.control });
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

  const submit = async () => {
    if (!isAuthenticated) {
      toast.error(LOGIN_FIRST);
      return;
    }
    if (!checkImages()) {
      imagesRef.current?.querySelector('input')?.focus();
      return;
    }
    // The form's own values (text prices), read into the request by the pages.
    await onSubmit(form.getValues(), images);
  };

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Form
      form={form}
      onSubmit={submit}
      // Field messages show at their fields (the first one takes the focus); the image rule too.
      onInvalid={() => setImageError(imagesError(images.length, mode))}
      className="form selling-form"
      aria-busy={busy || undefined}
    >
      <div className="selling-form__field">
        <InputField
          name="title"
          label="عنوان المزاد"
          autoComplete="off"
          maxLength={LIMITS.titleMax + 50}
          disabled={busy}
        />
        <CharCount value={title} max={LIMITS.titleMax} />
      </div>

      <div className="selling-form__field">
        <TextAreaInput
          name="description"
          label="وصف المزاد"
          className="selling-form__description"
          rows={5}
          disabled={busy}
        />
        <CharCount value={description} max={LIMITS.descriptionMax} />
      </div>

      <div className="selling-form__row">
        <SelectInput name="category" label="الفئة" disabled={busy}>
          <option value="">اختر الفئة</option>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectInput>

        <SelectInput name="auctionDuration" label="مدة المزاد" disabled={busy}>
          <option value="">اختر المدة</option>
          {durations.map((d) => (
            <option key={d} value={d}>
              {durationLabel(d)}
            </option>
          ))}
        </SelectInput>
      </div>

      <InputField
        name="startingPrice"
        label="السعر الابتدائي (دينار أردني)"
        format="amount"
        placeholder="1.000"
        hint="دينار واحد على الأقل"
        disabled={busy}
        deps={['buyNowPrice']}
      />

      <div className="selling-form__buy-now">
        <label className="selling-check">
          <input type="checkbox" disabled={busy} {...form.register('hasBuyNow')} />
          <span>إضافة سعر شراء فوري</span>
        </label>
        {hasBuyNow && (
          <InputField
            name="buyNowPrice"
            label="سعر الشراء الفوري (دينار أردني)"
            format="amount"
            hint="يجب أن يكون أعلى من السعر الابتدائي"
            // The live comparison wins over one made earlier (the prices may have changed since).
            shownError={(message) =>
              liveBuyNow ?? (message === FIELDS.buyNowPrice.messages.notAbove ? undefined : message)
            }
            disabled={busy}
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
          <label htmlFor={progressId}>
            {busyLabel} <bdi dir="ltr">{percent}%</bdi>
          </label>
          <progress id={progressId} max={100} value={percent} />
        </div>
      )}

      <div className="selling-form__actions">
        <SubmitButton size="lg" pending={busy}>
          {busy && percent !== null ? (
            <>
              {busyLabel} <bdi dir="ltr">{percent}%</bdi>
            </>
          ) : (
            submitLabel
          )}
        </SubmitButton>
        {actions}
      </div>
    </Form>
  );
}
