import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { AnnouncementSchedule, AnnouncementUpdateRequest } from '@mazad/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Confirm, Title, useDataProvider, useTranslate } from 'react-admin';
import { errorText, formatDate } from '../common';
import type { MazadDataProvider } from '../dataProvider';

/** Status messages of the editor disappear after this long (specification: 3 seconds). */
export const STATUS_CLEAR_MS = 3000;

interface FormState {
  isActive: boolean;
  title: string;
  description: string;
  scheduleInfo: AnnouncementSchedule;
  images: string[];
  additionalInfo: string;
}

export const EMPTY_ANNOUNCEMENT: FormState = {
  isActive: true,
  title: '',
  description: '',
  scheduleInfo: { date: '', startTime: '', endTime: '', details: '' },
  images: [],
  additionalInfo: '',
};

export function announcementBody(form: FormState): AnnouncementUpdateRequest {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    images: form.images,
    scheduleInfo: {
      date: form.scheduleInfo.date.trim(),
      startTime: form.scheduleInfo.startTime.trim(),
      endTime: form.scheduleInfo.endTime.trim(),
      details: form.scheduleInfo.details.trim(),
    },
    additionalInfo: form.additionalInfo.trim(),
    isActive: form.isActive,
  };
}

type Status = { severity: 'success' | 'error' | 'info'; text: string } | null;

/** The announcement page's editor (specification: banner management, second tab). */
export function AnnouncementPage() {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const translate = useTranslate();
  const [form, setForm] = useState<FormState | null>(null);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [status, setStatusState] = useState<Status>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  const setStatus = (next: Status) => {
    clearTimeout(timer.current);
    setStatusState(next);
    if (next) timer.current = setTimeout(() => setStatusState(null), STATUS_CLEAR_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    let live = true;
    dataProvider
      .getAnnouncement()
      .then((data) => {
        if (!live) return;
        setUpdatedAt(data?.updatedAt ?? null);
        setForm(
          data
            ? {
                isActive: data.isActive,
                title: data.title,
                description: data.description,
                scheduleInfo: { ...EMPTY_ANNOUNCEMENT.scheduleInfo, ...data.scheduleInfo },
                images: data.images,
                additionalInfo: data.additionalInfo,
              }
            : EMPTY_ANNOUNCEMENT,
        );
      })
      .catch((error: unknown) => {
        if (!live) return;
        setForm(EMPTY_ANNOUNCEMENT);
        setStatus({ severity: 'error', text: errorText(error, translate('mazad.announcement.load_error')) });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once
  }, [dataProvider]);

  if (!form) return <CircularProgress sx={{ m: 4 }} />;
  const titleMissing = !form.title.trim();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const setSchedule = (key: keyof AnnouncementSchedule, value: string) =>
    setForm((f) => (f ? { ...f, scheduleInfo: { ...f.scheduleInfo, [key]: value } } : f));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (titleMissing) {
      setStatus({ severity: 'error', text: translate('mazad.announcement.title_required') });
      return;
    }
    setSaving(true);
    try {
      const result = await dataProvider.saveAnnouncement(announcementBody(form));
      setUpdatedAt(result.data.updatedAt);
      setStatus({ severity: 'success', text: result.message || translate('mazad.announcement.saved') });
    } catch (error) {
      setStatus({ severity: 'error', text: errorText(error, translate('mazad.announcement.save_error')) });
    } finally {
      setSaving(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const url = await dataProvider.uploadImage(file);
      setForm((f) => (f ? { ...f, images: [...f.images, url] } : f));
    } catch (error) {
      setStatus({ severity: 'error', text: errorText(error, translate('mazad.announcement.upload_error')) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="mazad.announcement.title" />
      <Card>
        <CardContent component="form" onSubmit={save} noValidate>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h6" component="h2">
              {translate('mazad.announcement.title')}
            </Typography>
            <Button href="/announcement-details" target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
              {translate('mazad.announcement.preview')}
            </Button>
          </Stack>
          {updatedAt ? (
            <Typography variant="body2" color="text.secondary">
              {translate('mazad.announcement.last_update', { date: formatDate(updatedAt) })}
            </Typography>
          ) : null}
          <FormControlLabel
            control={
              <Checkbox checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} name="isActive" />
            }
            label={translate('mazad.announcement.active')}
          />
          <TextField
            label={translate('mazad.announcement.page_title')}
            name="title"
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            fullWidth
            margin="dense"
            required
            error={titleMissing}
            helperText={titleMissing ? translate('mazad.announcement.title_required') : ' '}
          />
          <TextField
            label={translate('mazad.announcement.description')}
            name="description"
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            fullWidth
            margin="dense"
            multiline
            minRows={3}
          />

          <Typography variant="subtitle1" fontWeight={700} sx={{ mt: 2 }}>
            {translate('mazad.announcement.schedule')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            <TextField
              label={translate('mazad.announcement.date')}
              name="schedule-date"
              value={form.scheduleInfo.date}
              onChange={(e) => setSchedule('date', e.target.value)}
              margin="dense"
            />
            <TextField
              label={translate('mazad.announcement.start_time')}
              name="schedule-start"
              value={form.scheduleInfo.startTime}
              onChange={(e) => setSchedule('startTime', e.target.value)}
              margin="dense"
            />
            <TextField
              label={translate('mazad.announcement.end_time')}
              name="schedule-end"
              value={form.scheduleInfo.endTime}
              onChange={(e) => setSchedule('endTime', e.target.value)}
              margin="dense"
            />
          </Box>
          <TextField
            label={translate('mazad.announcement.details')}
            name="schedule-details"
            value={form.scheduleInfo.details}
            onChange={(e) => setSchedule('details', e.target.value)}
            fullWidth
            margin="dense"
            multiline
            minRows={2}
          />

          <Typography variant="subtitle1" fontWeight={700} sx={{ mt: 2 }}>
            {translate('mazad.announcement.images')}
          </Typography>
          {form.images.length === 0 ? (
            <Typography color="text.secondary">{translate('mazad.announcement.no_images')}</Typography>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
            {form.images.map((src, i) => (
              <Box key={`${src}-${i}`} sx={{ position: 'relative' }} data-testid="announcement-image">
                <Box
                  component="img"
                  src={src}
                  alt=""
                  sx={{ width: 140, height: 100, objectFit: 'cover', borderRadius: 1 }}
                />
                <IconButton
                  size="small"
                  aria-label={translate('mazad.announcement.remove_image')}
                  onClick={() =>
                    set(
                      'images',
                      form.images.filter((_, j) => j !== i),
                    )
                  }
                  sx={{ position: 'absolute', top: 4, insetInlineEnd: 4, bgcolor: 'background.paper' }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Stack>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            onChange={upload}
            data-testid="announcement-upload"
          />
          <Button
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            {translate(uploading ? 'mazad.announcement.uploading' : 'mazad.announcement.add_image')}
          </Button>

          <TextField
            label={translate('mazad.announcement.additional_info')}
            name="additionalInfo"
            value={form.additionalInfo}
            onChange={(e) => set('additionalInfo', e.target.value)}
            fullWidth
            margin="normal"
            multiline
            minRows={2}
          />

          {status ? (
            <Alert severity={status.severity} sx={{ my: 1 }} role="status">
              {status.text}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" disabled={saving}>
              {translate('mazad.announcement.save')}
            </Button>
            <Button color="warning" onClick={() => setConfirmReset(true)}>
              {translate('mazad.announcement.reset')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirmReset}
        title="mazad.announcement.reset_title"
        content="mazad.announcement.reset_content"
        onConfirm={() => {
          setForm(EMPTY_ANNOUNCEMENT);
          setConfirmReset(false);
        }}
        onClose={() => setConfirmReset(false)}
      />
    </Box>
  );
}
