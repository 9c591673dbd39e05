import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Card, CardContent, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  BooleanInput,
  Confirm,
  Form,
  SaveButton,
  TextInput,
  Title,
  required,
  useDataProvider,
  useGetOne,
  useInput,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { errorText, formatDate, useNotifyError } from '../common';
import type { MazadDataProvider } from '../dataProvider';
import { ANNOUNCEMENT, type AnnouncementFields, type AnnouncementRecord } from './dataProvider';

/** Status messages of the editor disappear after this long. */
export const STATUS_CLEAR_MS = 3000;

export const EMPTY_ANNOUNCEMENT: AnnouncementFields = {
  isActive: true,
  title: '',
  description: '',
  scheduleInfo: { date: '', startTime: '', endTime: '', details: '' },
  images: [],
  additionalInfo: '',
};

const STATUS = { autoHideDuration: STATUS_CLEAR_MS };

/** The DOM name of a form field (the console's browser journey finds the fields by it). */
const named = (name: string) => ({ slotProps: { htmlInput: { name } } });

/** The announcement's images: each removable, and new ones uploaded at once (POST /api/upload/images). */
function ImagesInput() {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const { field } = useInput({ source: 'images' });
  const images: string[] = field.value ?? [];
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadImage('announcement', { file }),
    onSuccess: (url) => field.onChange([...images, url]),
    onError: (error) => notifyError(error, 'mazad.announcement.upload_error', STATUS),
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  return (
    <>
      <Typography variant="subtitle1" fontWeight={700} sx={{ mt: 2 }}>
        {translate('mazad.announcement.images')}
      </Typography>
      {images.length === 0 ? (
        <Typography color="text.secondary">{translate('mazad.announcement.no_images')}</Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
        {images.map((src, i) => (
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
              onClick={() => field.onChange(images.filter((_, j) => j !== i))}
              sx={{ position: 'absolute', top: 4, insetInlineEnd: 4, bgcolor: 'background.paper' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <input ref={fileInput} type="file" accept="image/*" hidden onChange={pick} data-testid="announcement-upload" />
      <Button
        startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadIcon />}
        disabled={upload.isPending}
        onClick={() => fileInput.current?.click()}
      >
        {translate(upload.isPending ? 'mazad.announcement.uploading' : 'mazad.announcement.add_image')}
      </Button>
    </>
  );
}

/** Empties every field after confirmation; nothing changes on the site until the form is saved. */
function ResetButton() {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button color="warning" onClick={() => setConfirming(true)}>
        {translate('mazad.announcement.reset')}
      </Button>
      <Confirm
        isOpen={confirming}
        title="mazad.announcement.reset_title"
        content="mazad.announcement.reset_content"
        onConfirm={() => {
          // The saved record stays the form's default, so the emptied form is a change to save.
          reset(EMPTY_ANNOUNCEMENT, { keepDefaultValues: true });
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** The announcement page's editor (`announcement/current`). */
export function AnnouncementPage() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const announcement = useGetOne<AnnouncementRecord>(
    'announcement',
    { id: ANNOUNCEMENT },
    { onError: (error) => notifyError(error, 'mazad.announcement.load_error', STATUS) },
  );
  const [update, { isPending: saving }] = useUpdate<AnnouncementRecord>();

  if (announcement.isPending) return <CircularProgress sx={{ m: 4 }} />;
  const record = announcement.data;
  const save = (data: Partial<AnnouncementRecord>) =>
    update(
      'announcement',
      { id: ANNOUNCEMENT, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('mazad.announcement.saved', { ...STATUS, type: 'success' }),
        onError: (error) => notifyError(error, 'mazad.announcement.save_error', STATUS),
      },
    );

  return (
    <Box sx={{ py: 2 }}>
      <Title title="mazad.announcement.title" />
      <Card>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h6" component="h2">
              {translate('mazad.announcement.title')}
            </Typography>
            <Button href="/announcement-details" target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
              {translate('mazad.announcement.preview')}
            </Button>
          </Stack>
          {announcement.error ? (
            <Alert severity="error">{errorText(announcement.error, translate('mazad.announcement.load_error'))}</Alert>
          ) : null}
          {record?.updatedAt ? (
            <Typography variant="body2" color="text.secondary">
              {translate('mazad.announcement.last_update', { date: formatDate(record.updatedAt) })}
            </Typography>
          ) : null}
          <Form record={record} defaultValues={EMPTY_ANNOUNCEMENT} onSubmit={save}>
            <BooleanInput source="isActive" label="mazad.announcement.active" />
            <TextInput
              source="title"
              label="mazad.announcement.page_title"
              validate={required('mazad.announcement.title_required')}
              fullWidth
            />
            <TextInput source="description" label="mazad.announcement.description" fullWidth multiline minRows={3} />

            <Typography variant="subtitle1" fontWeight={700} sx={{ mt: 2 }}>
              {translate('mazad.announcement.schedule')}
            </Typography>
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
              <TextInput source="scheduleInfo.date" label="mazad.announcement.date" {...named('schedule-date')} />
              <TextInput
                source="scheduleInfo.startTime"
                label="mazad.announcement.start_time"
                {...named('schedule-start')}
              />
              <TextInput source="scheduleInfo.endTime" label="mazad.announcement.end_time" {...named('schedule-end')} />
            </Box>
            <TextInput
              source="scheduleInfo.details"
              label="mazad.announcement.details"
              fullWidth
              multiline
              minRows={2}
              {...named('schedule-details')}
            />

            <ImagesInput />

            <TextInput
              source="additionalInfo"
              label="mazad.announcement.additional_info"
              fullWidth
              multiline
              minRows={2}
              sx={{ mt: 2 }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <SaveButton label="mazad.announcement.save" disabled={saving} />
              <ResetButton />
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
