import { Box, Typography } from '@mui/material';
import type { AuditFields } from '@mazad/contracts';
import { useTranslate } from 'react-admin';

/** A value as an operator reads it: yes/no, a dash for nothing, JSON for lists and objects. */
function shown(value: unknown, translate: (key: string) => string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * An entry's change, one line per field: «الحقل: قبل ← بعد» (only the changed fields are
 * stored; a secret only says it changed).
 */
export function AuditChanges({ before, after }: { before: AuditFields | null; after: AuditFields | null }) {
  const translate = useTranslate();
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!keys.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, ps: 2 }}>
      {keys.map((key) => (
        <Typography component="li" variant="body2" key={key}>
          <strong>{translate(`mazad.audit.fields.${key}`, { _: key })}</strong>
          {': '}
          {before && <span>{shown(before[key], translate)}</span>}
          {before && after && ' ← '}
          {after && <span>{shown(after[key], translate)}</span>}
        </Typography>
      ))}
    </Box>
  );
}
