import { Button, CardContent, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { email, Form, Login, PasswordInput, required, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { memberSiteAdmin, type AdminCredentials, type PanelPasswordOnly } from './authProvider';

/**
 * Admin sign-in (R-ADMIN-SESSION; /admin-login leads here): email, password and the admin panel password.
 * An admin already signed in on the site is asked only for the panel password (the site's
 * session stands for the rest); they may still sign in with another account.
 */
function AdminLoginForm() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [loading, setLoading] = useState(false);
  const [siteAdmin, setSiteAdmin] = useState(() => memberSiteAdmin()?.user ?? null);

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    try {
      await login(
        siteAdmin
          ? ({ adminPassword: values.adminPassword } as PanelPasswordOnly)
          : (values as unknown as AdminCredentials),
      );
      notify('mazad.login.success', { type: 'success' });
    } catch (error) {
      setLoading(false);
      const message = error instanceof Error && error.message ? error.message : 'mazad.login.error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <CardContent sx={{ width: 360, maxWidth: '100%', boxSizing: 'border-box' }}>
        <Typography variant="h6" component="h1" align="center" gutterBottom>
          {translate('mazad.login.title')}
        </Typography>
        {siteAdmin ? (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('mazad.login.signed_in_as', { name: siteAdmin.name })}
          </Typography>
        ) : (
          <>
            <TextInput
              source="email"
              type="email"
              label="mazad.login.email"
              autoComplete="email"
              validate={[required(), email()]}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <PasswordInput
              source="password"
              label="mazad.login.password"
              autoComplete="current-password"
              validate={required()}
              fullWidth
            />
          </>
        )}
        <PasswordInput
          source="adminPassword"
          label="mazad.login.admin_password"
          autoComplete="off"
          validate={required()}
          fullWidth
          autoFocus={Boolean(siteAdmin)}
        />
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" color="primary" disabled={loading} fullWidth>
            {loading ? <CircularProgress size={22} thickness={3} /> : translate('mazad.login.submit')}
          </Button>
          {siteAdmin && (
            <Button type="button" variant="text" onClick={() => setSiteAdmin(null)}>
              {translate('mazad.login.other_account')}
            </Button>
          )}
          <MuiLink href="/" underline="hover" align="center">
            {translate('mazad.back_to_site')}
          </MuiLink>
        </Stack>
      </CardContent>
    </Form>
  );
}

export function LoginPage() {
  return (
    <Login>
      <AdminLoginForm />
    </Login>
  );
}
