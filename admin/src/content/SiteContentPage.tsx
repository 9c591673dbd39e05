import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { SiteBanner, SiteFeature } from '@mazad/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Confirm, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNotifyError } from '../common';
import type { FeatureInput, MazadDataProvider } from '../dataProvider';

const EMPTY_FEATURE: FeatureInput = { icon: '', title: '', description: '' };

/** Save stays disabled until the icon, the title and the description are all filled. */
export const featureComplete = (f: FeatureInput) => Boolean(f.icon.trim() && f.title.trim() && f.description.trim());

function BannerEditor({ initial, onSaved }: { initial: SiteBanner; onSaved: (banner: SiteBanner) => void }) {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [banner, setBanner] = useState(initial);
  const [saving, setSaving] = useState(false);
  const titleMissing = !banner.title.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (titleMissing) return;
    setSaving(true);
    try {
      const saved = await dataProvider.updateSiteBanner({
        title: banner.title.trim(),
        subtitle: banner.subtitle.trim(),
        description: banner.description.trim(),
      });
      setBanner(saved);
      onSaved(saved);
      notify('mazad.site_content.banner_saved', { type: 'success' });
    } catch (error) {
      notifyError(error, 'mazad.site_content.banner_error');
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof SiteBanner, label: string, extra: object = {}) => (
    <TextField
      label={translate(label)}
      value={banner[key]}
      onChange={(e) => setBanner((b) => ({ ...b, [key]: e.target.value }))}
      fullWidth
      margin="dense"
      name={`banner-${key}`}
      {...extra}
    />
  );

  return (
    <Card sx={{ mb: 3 }}>
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography variant="h6" component="h2">
          {translate('mazad.site_content.banner_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('mazad.site_content.banner_help')}
        </Typography>
        {field('title', 'mazad.site_content.title_field', {
          required: true,
          error: titleMissing,
          helperText: titleMissing ? translate('mazad.site_content.title_required') : ' ',
        })}
        {field('subtitle', 'mazad.site_content.subtitle')}
        {field('description', 'mazad.site_content.description', { multiline: true, minRows: 3 })}
        <Button type="submit" variant="contained" disabled={saving || titleMissing} sx={{ mt: 1 }}>
          {translate('mazad.site_content.save_banner')}
        </Button>
      </CardContent>
    </Card>
  );
}

function FeatureDialog({
  feature,
  onClose,
  onSaved,
}: {
  feature: SiteFeature | 'new';
  onClose: () => void;
  onSaved: () => void;
}) {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [value, setValue] = useState<FeatureInput>(
    feature === 'new' ? EMPTY_FEATURE : { icon: feature.icon, title: feature.title, description: feature.description },
  );
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!featureComplete(value)) return;
    const body = { icon: value.icon.trim(), title: value.title.trim(), description: value.description.trim() };
    setSaving(true);
    try {
      if (feature === 'new') await dataProvider.createFeature(body);
      else await dataProvider.updateFeature(feature._id, body);
      notify('mazad.site_content.feature_saved', { type: 'success' });
      onSaved();
      onClose();
    } catch (error) {
      notifyError(error, 'mazad.site_content.feature_error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} dir="rtl" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {translate(feature === 'new' ? 'mazad.site_content.add_feature' : 'mazad.site_content.edit_feature')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={translate('mazad.site_content.icon')}
            name="feature-icon"
            value={value.icon}
            onChange={(e) => setValue((v) => ({ ...v, icon: e.target.value }))}
            margin="dense"
            fullWidth
            required
          />
          <TextField
            label={translate('mazad.site_content.feature_title')}
            name="feature-title"
            value={value.title}
            onChange={(e) => setValue((v) => ({ ...v, title: e.target.value }))}
            margin="dense"
            fullWidth
            required
          />
          <TextField
            label={translate('mazad.site_content.feature_description')}
            name="feature-description"
            value={value.description}
            onChange={(e) => setValue((v) => ({ ...v, description: e.target.value }))}
            margin="dense"
            fullWidth
            required
            multiline
            minRows={3}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || !featureComplete(value)}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The member home page's main banner and feature cards (specification: content management). */
export function SiteContentPage() {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [content, setContent] = useState<{ banner: SiteBanner; features: SiteFeature[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<SiteFeature | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteFeature | null>(null);

  const load = useCallback(() => {
    dataProvider
      .getSiteContent()
      .then((c) => {
        setContent(c);
        setError(null);
      })
      .catch((e: unknown) => {
        setError(e instanceof Error && e.message ? e.message : translate('mazad.site_content.load_error'));
        notifyError(e, 'mazad.site_content.load_error');
      });
  }, [dataProvider, translate, notifyError]);
  useEffect(load, [load]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.deleteFeature(deleting._id);
      notify('mazad.site_content.feature_deleted', { type: 'success' });
      load();
    } catch (e) {
      notifyError(e, 'mazad.site_content.feature_delete_error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="mazad.site_content.title" />
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!content && !error ? <CircularProgress /> : null}
      {content ? (
        <>
          <BannerEditor initial={content.banner} onSaved={(banner) => setContent((c) => (c ? { ...c, banner } : c))} />
          <Card>
            <CardContent>
              <Stack direction="row" justifyContent="space-between" alignItems="center">
                <Box>
                  <Typography variant="h6" component="h2">
                    {translate('mazad.site_content.features_title')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('mazad.site_content.features_help')}
                  </Typography>
                </Box>
                <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')}>
                  {translate('mazad.site_content.add_feature')}
                </Button>
              </Stack>
              {content.features.length === 0 ? (
                <Typography color="text.secondary" sx={{ mt: 2 }}>
                  {translate('mazad.site_content.no_features')}
                </Typography>
              ) : (
                <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
                  {content.features.map((f) => (
                    <Card key={f._id} variant="outlined" data-testid="site-feature">
                      <CardContent>
                        <Typography fontSize={32} aria-hidden>
                          {f.icon}
                        </Typography>
                        <Typography variant="subtitle1" fontWeight={700}>
                          {f.title}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {f.description}
                        </Typography>
                        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                          <IconButton
                            aria-label={`${translate('ra.action.edit')}: ${f.title}`}
                            onClick={() => setEditing(f)}
                          >
                            <EditIcon />
                          </IconButton>
                          <IconButton
                            aria-label={`${translate('ra.action.delete')}: ${f.title}`}
                            color="error"
                            onClick={() => setDeleting(f)}
                          >
                            <DeleteIcon />
                          </IconButton>
                        </Stack>
                      </CardContent>
                    </Card>
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </>
      ) : null}
      {editing ? <FeatureDialog feature={editing} onClose={() => setEditing(null)} onSaved={load} /> : null}
      <Confirm
        isOpen={Boolean(deleting)}
        title="mazad.site_content.delete_feature_title"
        content="mazad.site_content.delete_feature_content"
        translateOptions={{ title: deleting?.title ?? '' }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
