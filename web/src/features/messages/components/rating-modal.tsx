import { LIMITS, type RateSellerResult } from '@mazad/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { RATING_INVALID_DATA, useRateSeller } from '../api/rate-seller';

export const STARS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_STARS = 5;

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
  const [stars, setStars] = useState<number>(DEFAULT_STARS);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const rate = useRateSeller();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!sellerId || !auctionId) {
      toast.error(RATING_INVALID_DATA);
      return;
    }
    setSending(true);
    try {
      const text = comment.trim();
      const result = await rate.mutateAsync({
        sellerId,
        request: { auctionId, role: 'seller', stars, ...(text ? { comment: text } : {}) },
      });
      toast.success(result?.message || 'تم إرسال التقييم بنجاح');
      setComment('');
      setStars(DEFAULT_STARS);
      onRated(result);
    } catch {
      // The API client has shown the server's message (or the fallback / time-out text).
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={sellerName ? `تقييم البائع ${sellerName}` : 'تقييم البائع'}>
      <form className="rating-form" onSubmit={submit}>
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
                onClick={() => setStars(value)}
              >
                <span aria-hidden="true">★</span>
              </button>
            ))}
          </div>
          <p className="muted rating-form__value" aria-live="polite">
            {stars} من 5
          </p>
        </fieldset>
        <label className="field">
          <span className="field__label">تعليق (اختياري)</span>
          <textarea
            className="field__input"
            rows={3}
            maxLength={LIMITS.ratingCommentMax}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder="شارك تجربتك مع البائع"
          />
        </label>
        <div className="actions">
          <Button type="submit" loading={sending}>
            إرسال التقييم
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={sending}>
            إغلاق
          </Button>
        </div>
      </form>
    </Modal>
  );
}
