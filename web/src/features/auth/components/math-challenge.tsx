import { foldDigits } from '@mazad/contracts';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';

export interface MathChallengeProps {
  question: string | undefined;
  loading: boolean;
  failed: boolean;
  answer: string;
  onAnswerChange: (value: string) => void;
  onRefresh: () => void;
  disabled?: boolean;
  error?: string | null;
}

/**
 * The server-issued arithmetic challenge of the registration form (an anti-bot check: the
 * server alone knows and checks the answer). Only digits (and a leading minus) can be typed;
 * Arabic-Indic and Persian digits become 0-9 as they are typed (R-NUMBER-INPUT).
 */
export function MathChallenge({
  question,
  loading,
  failed,
  answer,
  onAnswerChange,
  onRefresh,
  disabled,
  error,
}: MathChallengeProps) {
  const id = useId();
  return (
    <fieldset className="math-challenge">
      <legend className="field__label">حل المعادلة للتحقق من أنك لست روبوتاً</legend>
      <div className="math-challenge__row">
        <output className="math-challenge__question" dir="ltr" aria-live="polite" htmlFor={`${id}-answer`}>
          {loading ? <Spinner size="small" label="جارٍ تحميل المعادلة…" /> : failed ? '—' : `${question} = ?`}
        </output>
        <label htmlFor={`${id}-answer`} className="visually-hidden">
          ناتج المعادلة
        </label>
        <input
          id={`${id}-answer`}
          className="field__input math-challenge__answer"
          type="text"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          placeholder="الناتج"
          maxLength={6}
          value={answer}
          disabled={disabled || loading || failed}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onAnswerChange(foldDigits(e.target.value).replace(/(?!^-)[^\d]/g, ''))}
        />
        <button type="button" className="btn btn--secondary btn--sm" onClick={onRefresh} disabled={disabled || loading}>
          معادلة جديدة
        </button>
      </div>
      {failed && <p className="field__error">تعذر تحميل المعادلة، اضغط «معادلة جديدة» للمحاولة مرة أخرى.</p>}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
