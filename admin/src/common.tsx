/** Small pieces shared by the console's resources. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { parseWholeNumber } from '@mazad/contracts';
import { CreateButton, TextInput, useNotify, useTranslate, type NotificationOptions } from 'react-admin';

/** List dates: Arabic, Gregorian calendar, Latin digits, in Amman; the day is enough in a table. */
export const DATE_LOCALE = 'ar-JO-u-ca-gregory-nu-latn';
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Amman',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};
/** Dates with the time of day (bids, messages). */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, hour: '2-digit', minute: '2-digit' };

export function formatDate(
  iso: string | null | undefined,
  options: Intl.DateTimeFormatOptions = DATE_TIME_OPTIONS,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : new Intl.DateTimeFormat(DATE_LOCALE, options).format(date);
}

/** The server's Arabic message of a failed call, else the fallback key (toasts prefer the server's words). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The empty state of a list ("no users in the system", "no auctions in the system"). */
export function EmptyList({ message, create = false }: { message: string; create?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, width: '100%' }}>
      <Typography variant="h6" color="text.secondary" gutterBottom>
        {translate(message)}
      </Typography>
      {create ? <CreateButton variant="contained" /> : null}
    </Box>
  );
}

/** A titled card of a show page (a member's auctions, an auction's bids …). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** An error toast: the server's Arabic message when it gave one, else the fallback key. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallback: string, options: NotificationOptions = {}) => {
      const message = errorText(error, fallback);
      notify(message, { ...options, type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
}

/** A whole number typed, or the text as typed when it is not one (for the validation to refuse). */
export function readWholeNumber(text: string | null | undefined): number | string | null {
  const reading = parseWholeNumber(text ?? '');
  if (reading.ok) return reading.value;
  return reading.reason === 'empty' ? null : (text ?? '');
}

const notWholeNumber = (value: unknown) => (typeof value === 'string' ? 'mazad.numbers.whole_invalid' : undefined);

/**
 * A whole number field (R-NUMBER-INPUT): a text input read by contracts' parseWholeNumber, so
 * Arabic-Indic digits and pasted separators count (react-admin's NumberInput is a browser number
 * input, which empties them), with the format said under it and an Arabic message when what is
 * typed is not a whole number.
 */
export function WholeNumberInput({ source }: { source: string }) {
  return (
    <TextInput
      source={source}
      parse={readWholeNumber}
      format={(value: unknown) => (value === null || value === undefined ? '' : String(value))}
      validate={notWholeNumber}
      helperText="mazad.numbers.whole_help"
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
    />
  );
}
