import LockResetIcon from '@mui/icons-material/LockReset';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
} from '@mui/material';
import { LIMITS } from '@mazad/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { useNotifyError } from '../common';
import type { MazadDataProvider } from '../dataProvider';

/** Checks a new password the way the dashboard does: not blank, at least 6 characters. */
export function newPasswordError(value: string): string | null {
  if (!value.trim()) return 'mazad.users.password_required';
  if (value.length < LIMITS.passwordMin) return 'mazad.users.password_too_short';
  return null;
}

/** PUT /api/admin/users/{id}/password { newPassword }. */
export function ChangePasswordButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<MazadDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const close = () => {
    setOpen(false);
    setVisible(false);
    setValue('');
    setError(null);
  };

  // An expired admin session (401/403) logs out: react-admin's data provider wrapper sees to it.
  const setPassword = useMutation({
    mutationFn: (params: { id: Identifier; newPassword: string }) => dataProvider.setPassword('users', params),
    onSuccess: () => {
      notify('mazad.users.password_changed', { type: 'success' });
      close();
    },
    onError: (err) => notifyError(err, 'mazad.users.password_error'),
  });
  if (!record) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(value);
    setError(problem);
    if (!problem) setPassword.mutate({ id: record.id, newPassword: value });
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<LockResetIcon />}
        onClick={(event) => {
          // The row opens the member's page on click; this button only opens its dialog.
          event.stopPropagation();
          setOpen(true);
        }}
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={translate('mazad.users.change_password')}
      >
        {translate('mazad.users.password_short')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        dir="rtl"
        fullWidth
        maxWidth="xs"
        onClick={(event) => event.stopPropagation()}
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle>
            {translate('mazad.users.change_password')}: {String(record.name ?? '')}
          </DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              type={visible ? 'text' : 'password'}
              label={translate('mazad.users.new_password')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={Boolean(error)}
              helperText={error ? translate(error) : ' '}
              slotProps={{
                htmlInput: { dir: 'ltr', autoComplete: 'new-password' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={translate(visible ? 'mazad.users.hide_password' : 'mazad.users.show_password')}
                        onClick={() => setVisible((v) => !v)}
                        edge="end"
                      >
                        {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={setPassword.isPending}>
              {translate('ra.action.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
