import { LIMITS, type RateSellerResult } from '@mazad/contracts';
import { useWatch } from 'react-hook-form';
import { Form, SubmitButton, TextAreaInput, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { z } from '@/lib/zod';
import { RATING_INVALID_DATA, useRateSeller } from '../api/rate-seller';

export const STARS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_STARS = 5;

const ratingSchema = z.object({
  stars: z.number().int().min(1).max(STARS.length),
  comment: z.string().trim().max(LIMITS.ratingCommentMax),
});
const EMPTY_RATING = { stars: DEFAULT_STARS, comment: '' };

export interface RatingModalProps {
  open: boolean;
  onClose: () => void;
  sellerId: string | null | undefined;
  auctionId: string | null | undefined;
  sellerName?: string;
  onRated: (result: RateSellerResult) => void;
}

/**
 * The winner rates the seller: five clickable stars (5 by default), an optional comment,
 * submit and close. The call gives up after 10 s (the API client then says so).
 */
export function RatingModal({ open, onClose, sellerId, auctionId, sellerName, onRated }: RatingModalProps) {
  const form = useZodForm(ratingSchema, { defaultValues: EMPTY_RATING });
  const stars = useWatch({ control: form.control, name: 'stars' });
  const rate = useRateSeller();

  async function submit({ stars: chosen, comment }: z.output<typeof ratingSchema>) {
    if (!sellerId || !auctionId) {
      toast.error(RATING_INVALID_DATA);
      return;
    }
    // A refusal was shown by the API client (the server's message, or the fallback / time-out text).
    const result = await rate.mutateAsync({
      sellerId,
      request: { auctionId, role: 'seller', stars: chosen, ...(comment ? { comment } : {}) },
    });
    toast.success(result?.message || 'تم إرسال التقييم بنجاح');
    form.reset(EMPTY_RATING);
    onRated(result);
  }

  return (
    <Modal open={open} onClose={onClose} title={sellerName ? `تقييم البائع ${sellerName}` : 'تقييم البائع'}>
      <Form form={form} onSubmit={submit} className="rating-form">
        <fieldset className="rating-form__stars">
          <legend>عدد النجوم</legend>
          <div className="star-input" role="radiogroup" aria-label="عدد النجوم">
            {STARS.map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={stars === value}
                aria-label={`${value} من 5 نجوم`}
                className={`star-input__star${value <= stars ? ' star-input__star--on' : ''}`}
                onClick={() => form.setValue('stars', value)}
              >
                <span aria-hidden="true">★</span>
              </button>
            ))}
          </div>
          <p className="muted rating-form__value" aria-live="polite">
            {stars} من 5
          </p>
        </fieldset>
        <TextAreaInput
          name="comment"
          label="تعليق (اختياري)"
          rows={3}
          maxLength={LIMITS.ratingCommentMax}
          placeholder="شارك تجربتك مع البائع"
        />
        <div className="actions">
          <SubmitButton>إرسال التقييم</SubmitButton>
          <Button type="button" variant="secondary" onClick={onClose} disabled={form.formState.isSubmitting}>
            إغلاق
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
