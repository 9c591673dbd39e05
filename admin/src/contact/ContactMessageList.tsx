import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { CONTACT_SUBJECT_LABELS, type ContactMessage } from '@mazad/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import {
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  SelectInput,
  TextField,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { EmptyList, formatDate, useNotifyError } from '../common';
import { csvExporter, yesNo, type CsvColumn } from '../csvExport';
import { isRead, markRead, subscribeReadState } from './readState';

type MessageRecord = ContactMessage & RaRecord;

/** The contact inbox's CSV (R-CSV-EXPORT). */
export const CONTACT_CSV_COLUMNS: readonly CsvColumn<ContactMessage>[] = [
  { header: 'الاسم', value: (m) => m.name },
  { header: 'البريد الإلكتروني', value: (m) => m.email },
  { header: 'الموضوع', value: (m) => CONTACT_SUBJECT_LABELS[m.subject] ?? m.subject },
  { header: 'الرسالة', value: (m) => m.message },
  { header: 'تمت المعالجة', value: (m) => yesNo(m.handled) },
  { header: 'تاريخ الإرسال', value: (m) => m.createdAt },
  { header: 'المعرّف', value: (m) => m._id },
];

const filters = [
  <SelectInput
    key="handled"
    source="handled"
    label="resources.contact-messages.fields.handled"
    alwaysOn
    emptyText="mazad.contact.all"
    choices={[
      { id: 'false', name: 'mazad.contact.open' },
      { id: 'true', name: 'mazad.contact.done' },
    ]}
  />,
];

function useRead(id: string): boolean {
  return useSyncExternalStore(subscribeReadState, () => isRead(id));
}

function ReadChip({ record }: { record: MessageRecord }) {
  const translate = useTranslate();
  const read = useRead(record._id);
  return (
    <Chip
      size="small"
      color={read ? 'default' : 'primary'}
      label={translate(read ? 'mazad.contact.read' : 'mazad.contact.unread')}
    />
  );
}

/** Marks a message handled or open again (PATCH { handled }), pessimistically. */
function HandledButton() {
  const record = useRecordContext<MessageRecord>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate<MessageRecord>();
  if (!record) return null;
  const toggle = () =>
    update(
      'contact-messages',
      { id: record.id, data: { handled: !record.handled }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) =>
          notify(saved.handled ? 'mazad.contact.handled' : 'mazad.contact.reopened', { type: 'success' }),
        onError: (error) => notifyError(error, 'mazad.contact.update_error'),
      },
    );
  return (
    <Button
      size="small"
      variant={record.handled ? 'text' : 'outlined'}
      disabled={isPending}
      onClick={toggle}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(record.handled ? 'mazad.contact.mark_unhandled' : 'mazad.contact.mark_handled')}
    </Button>
  );
}

/** The message itself, opened from its row; opening it marks it read on this console. */
function MessagePanel() {
  const record = useRecordContext<MessageRecord>();
  const translate = useTranslate();
  const id = record?._id;
  useEffect(() => {
    if (id) markRead(id);
  }, [id]);
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }} data-testid={`contact-message-${record._id}`}>
      <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>{record.message}</Typography>
      <Button size="small" startIcon={<MailOutlineIcon />} href={`mailto:${record.email}`}>
        {translate('mazad.contact.reply')}
      </Button>
    </Box>
  );
}

function SenderCell({ record }: { record: MessageRecord }) {
  const read = useRead(record._id);
  return (
    <Stack>
      <Typography variant="body2" fontWeight={read ? 400 : 700}>
        {record.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
        {record.email}
      </Typography>
    </Stack>
  );
}

/** The contact inbox: newest first, read/unread, handled, opened in place, deletable. */
export function ContactMessageList() {
  const translate = useTranslate();
  return (
    <List
      exporter={csvExporter(CONTACT_CSV_COLUMNS, 'contact-messages')}
      perPage={25}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty={<EmptyList message="resources.contact-messages.empty" />}
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<MessagePanel />} expandSingle>
        <FunctionField label="mazad.contact.read" render={(record: MessageRecord) => <ReadChip record={record} />} />
        <FunctionField
          source="name"
          sortable={false}
          render={(record: MessageRecord) => <SenderCell record={record} />}
        />
        <FunctionField
          source="subject"
          sortable={false}
          render={(record: MessageRecord) => translate(`mazad.contact.subjects.${record.subject}`)}
        />
        <TextField
          source="message"
          sortable={false}
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 1,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            maxWidth: 360,
          }}
        />
        <FunctionField
          source="createdAt"
          sortable={false}
          render={(record: MessageRecord) => formatDate(record.createdAt)}
        />
        <FunctionField
          source="handled"
          sortable={false}
          render={(record: MessageRecord) =>
            record.handled ? (
              <Chip size="small" color="success" label={translate('mazad.contact.done')} />
            ) : (
              <Chip size="small" label={translate('mazad.contact.open')} />
            )
          }
        />
        <HandledButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
