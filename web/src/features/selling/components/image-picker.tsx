/**
 * Choosing 1–3 auction images: a real file input (images only), thumbnails with remove
 * buttons, and a message for each refused file (not an image, over 5 MB, no free place) before
 * anything is uploaded.
 */
import { LIMITS } from '@mazad/contracts';
import { useEffect, useId, useRef } from 'react';
import { checkChosenFiles } from '../lib/auction-form';

export interface PickedImage {
  key: string;
  /** What the thumbnail shows: a server URL or an object URL of a chosen file. */
  src: string;
  /** Set for a newly chosen file (not uploaded yet). */
  file?: File;
}

let seq = 0;

export function imageFromUrl(url: string): PickedImage {
  seq += 1;
  return { key: `url-${seq}`, src: url };
}

export interface ImagePickerProps {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Messages about refused files (shown under the field). */
  fileErrors: string[];
  onFileErrors: (errors: string[]) => void;
  /** The count rule message after a submit (e.g. at least one image). */
  error?: string | null;
  hint: string;
  disabled?: boolean;
}

export function ImagePicker({ images, onChange, fileErrors, onFileErrors, error, hint, disabled }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const labelId = `${inputId}-label`;
  const latest = useRef(images);
  latest.current = images;

  // Object URLs of chosen files live until they are removed or the form goes away.
  useEffect(
    () => () => {
      for (const image of latest.current) if (image.file) URL.revokeObjectURL(image.src);
    },
    [],
  );

  const choose = (list: FileList | null) => {
    const { accepted, errors } = checkChosenFiles(Array.from(list ?? []), images.length);
    onFileErrors(errors);
    if (accepted.length === 0) return;
    onChange([
      ...images,
      ...accepted.map((file) => {
        seq += 1;
        return { key: `file-${seq}`, src: URL.createObjectURL(file), file };
      }),
    ]);
  };

  const remove = (key: string) => {
    const image = images.find((i) => i.key === key);
    if (image?.file) URL.revokeObjectURL(image.src);
    onFileErrors([]);
    onChange(images.filter((i) => i.key !== key));
  };

  const messages = [...(error ? [error] : []), ...fileErrors];
  const full = images.length >= LIMITS.maxImagesPerAuction;
  return (
    <div className={`field image-picker ${messages.length ? 'field--invalid' : ''}`}>
      <span id={labelId} className="field__label">
        صور المزاد{' '}
        <span className="muted">
          (<bdi dir="ltr">{images.length}</bdi> / <bdi dir="ltr">{LIMITS.maxImagesPerAuction}</bdi>)
        </span>
      </span>
      {/* A styled button in the page's language; the real input inside it keeps keyboard focus and the label. */}
      <label className={`btn btn--secondary btn--md file-button ${disabled || full ? 'file-button--disabled' : ''}`}>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={disabled || full}
          aria-labelledby={labelId}
          aria-describedby={[hintId, messages.length ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={messages.length ? true : undefined}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
        <span aria-hidden="true">+</span> {full ? 'اكتمل عدد الصور' : 'اختر الصور'}
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      {messages.length > 0 && (
        <ul id={errorId} className="field__error image-picker__errors" role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {images.length > 0 && (
        <ul className="image-picker__thumbs" aria-label="الصور المختارة">
          {images.map((image, index) => (
            <li key={image.key} className="image-picker__thumb">
              <img
                src={image.src}
                alt={`الصورة ${index + 1}${image.file ? ` (${image.file.name})` : ''}`}
                width={120}
                height={90}
              />
              {index === 0 && <span className="image-picker__main">الرئيسية</span>}
              <button
                type="button"
                className="image-picker__remove"
                onClick={() => remove(image.key)}
                disabled={disabled}
                aria-label={`إزالة الصورة ${index + 1}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
