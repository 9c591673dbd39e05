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
  Typography,
} from '@mui/material';
import type { SiteFeature } from '@mazad/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Confirm,
  Form,
  SaveButton,
  TextInput,
  Title,
  required,
  useCreate,
  useDelete,
  useGetList,
  useGetOne,
  useNotify,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { errorText, useNotifyError } from '../common';
import { featureComplete, SITE_BANNER, type SiteBannerRecord } from './dataProvider';

type FeatureRecord = SiteFeature & RaRecord;

/** The DOM name of a form field (the console's browser journey finds the fields by it). */
const named = (name: string) => ({ slotProps: { htmlInput: { name } } });

/** The home page's main banner (the `site-content/banner` record): title required. */
function BannerEditor({ banner }: { banner: SiteBannerRecord }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate<SiteBannerRecord>();
  const save = (data: Partial<SiteBannerRecord>) =>
    update(
      'site-content',
      { id: SITE_BANNER, data, previousData: banner },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('mazad.site_content.banner_saved', { type: 'success' }),
        onError: (error) => notifyError(error, 'mazad.site_content.banner_error'),
      },
    );

  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('mazad.site_content.banner_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('mazad.site_content.banner_help')}
        </Typography>
        <Form record={banner} onSubmit={save}>
          <TextInput
            source="title"
            label="mazad.site_content.title_field"
            validate={required('mazad.site_content.title_required')}
            fullWidth
            {...named('banner-title')}
          />
          <TextInput source="subtitle" label="mazad.site_content.subtitle" fullWidth {...named('banner-subtitle')} />
          <TextInput
            source="description"
            label="mazad.site_content.description"
            fullWidth
            multiline
            minRows={3}
            {...named('banner-description')}
          />
          <SaveButton label="mazad.site_content.save_banner" disabled={isPending} sx={{ mt: 1 }} />
        </Form>
      </CardContent>
    </Card>
  );
}

/** Save waits until the icon, the title and the description are all filled. */
function FeatureSaveButton({ saving }: { saving: boolean }) {
  const values = useWatch();
  return <SaveButton disabled={saving || !featureComplete(values)} />;
}

/** Adds a feature card (`feature` absent) or edits one, pessimistically. */
function FeatureDialog({ feature, onClose }: { feature?: FeatureRecord; onClose: () => void }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [create, { isPending: creating }] = useCreate<FeatureRecord>();
  const [update, { isPending: updating }] = useUpdate<FeatureRecord>();

  const save = (data: Partial<FeatureRecord>) => {
    const options = {
      onSuccess: () => {
        notify('mazad.site_content.feature_saved', { type: 'success' });
        onClose();
      },
      onError: (error: unknown) => notifyError(error, 'mazad.site_content.feature_error'),
    };
    if (feature)
      update(
        'site-features',
        { id: feature.id, data, previousData: feature },
        { mutationMode: 'pessimistic', ...options },
      );
    else create('site-features', { data }, options);
  };

  return (
    <Dialog open onClose={onClose} dir="rtl" fullWidth maxWidth="sm">
      <Form record={feature ?? { icon: '', title: '', description: '' }} onSubmit={save}>
        <DialogTitle>
          {translate(feature ? 'mazad.site_content.edit_feature' : 'mazad.site_content.add_feature')}
        </DialogTitle>
        <DialogContent>
          <TextInput
            source="icon"
            label="mazad.site_content.icon"
            autoFocus
            fullWidth
            validate={required()}
            {...named('feature-icon')}
          />
          <TextInput
            source="title"
            label="mazad.site_content.feature_title"
            fullWidth
            validate={required()}
            {...named('feature-title')}
          />
          <TextInput
            source="description"
            label="mazad.site_content.feature_description"
            fullWidth
            multiline
            minRows={3}
            validate={required()}
            {...named('feature-description')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <FeatureSaveButton saving={creating || updating} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function FeatureCard({
  feature,
  onEdit,
  onDelete,
}: {
  feature: FeatureRecord;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="site-feature">
      <CardContent>
        <Typography fontSize={32} aria-hidden>
          {feature.icon}
        </Typography>
        <Typography variant="subtitle1" fontWeight={700}>
          {feature.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {feature.description}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <IconButton aria-label={`${translate('ra.action.edit')}: ${feature.title}`} onClick={onEdit}>
            <EditIcon />
          </IconButton>
          <IconButton
            aria-label={`${translate('ra.action.delete')}: ${feature.title}`}
            color="error"
            onClick={onDelete}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The home page's feature cards (`site-features`): add, edit, delete after confirmation. */
function FeatureCards({ features }: { features: FeatureRecord[] }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [editing, setEditing] = useState<FeatureRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeatureRecord | null>(null);
  const [remove] = useDelete<FeatureRecord>();

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      'site-features',
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('mazad.site_content.feature_deleted', { type: 'success' }),
        onError: (error) => notifyError(error, 'mazad.site_content.feature_delete_error'),
      },
    );
    setDeleting(null);
  };

  return (
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
        {features.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {translate('mazad.site_content.no_features')}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {features.map((f) => (
              <FeatureCard key={f.id} feature={f} onEdit={() => setEditing(f)} onDelete={() => setDeleting(f)} />
            ))}
          </Box>
        )}
      </CardContent>
      {editing ? (
        <FeatureDialog feature={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <Confirm
        isOpen={Boolean(deleting)}
        title="mazad.site_content.delete_feature_title"
        content="mazad.site_content.delete_feature_content"
        translateOptions={{ title: deleting?.title ?? '' }}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

/** The member home page's main banner and feature cards. */
export function SiteContentPage() {
  const notifyError = useNotifyError();
  const translate = useTranslate();
  // Both read GET /api/site-content: one toast when it fails.
  const banner = useGetOne<SiteBannerRecord>(
    'site-content',
    { id: SITE_BANNER },
    { onError: (error) => notifyError(error, 'mazad.site_content.load_error') },
  );
  const features = useGetList<FeatureRecord>('site-features');
  const error = banner.error ?? features.error;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="mazad.site_content.title" />
      {error ? <Alert severity="error">{errorText(error, translate('mazad.site_content.load_error'))}</Alert> : null}
      {banner.isPending || features.isPending ? <CircularProgress /> : null}
      {banner.data ? <BannerEditor banner={banner.data} /> : null}
      {features.data ? <FeatureCards features={features.data} /> : null}
    </Box>
  );
}
