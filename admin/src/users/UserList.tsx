import { Box, Chip, Stack, Typography } from '@mui/material';
import { formatPhone, type AdminUserRow } from '@mazad/contracts';
import {
  Datagrid,
  DateField,
  DeleteButton,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  ShowButton,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DATE_LOCALE, DATE_OPTIONS, EmptyList } from '../common';
import { csvExporter, yesNo, type CsvColumn } from '../csvExport';
import { ChangePasswordButton } from './ChangePasswordButton';

type UserRecord = AdminUserRow & RaRecord;

/** The members' CSV (R-CSV-EXPORT). */
export const USER_CSV_COLUMNS: readonly CsvColumn<AdminUserRow>[] = [
  { header: 'الاسم', value: (u) => u.name },
  { header: 'البريد الإلكتروني', value: (u) => u.email },
  { header: 'رقم الهاتف', value: (u) => u.phone },
  { header: 'الموقع', value: (u) => u.location },
  { header: 'موثّق', value: (u) => yesNo(u.isVerified) },
  { header: 'مشرف', value: (u) => yesNo(u.isAdmin) },
  { header: 'المزادات', value: (u) => u.totalAuctions },
  { header: 'المزايدات', value: (u) => u.totalBids },
  { header: 'مصدر التسجيل', value: (u) => u.registrationSource },
  { header: 'تاريخ التسجيل', value: (u) => u.createdAt },
  { header: 'المعرّف', value: (u) => u._id },
];

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="بحث بالاسم أو البريد أو الهاتف" />];

function StatusChips({ record }: { record: UserRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        color={record.isVerified ? 'success' : 'default'}
        label={translate(record.isVerified ? 'mazad.users.active' : 'mazad.users.inactive')}
      />
      {record.isAdmin ? (
        <Chip size="small" color="primary" variant="outlined" label={translate('mazad.users.admin')} />
      ) : null}
    </Stack>
  );
}

/** The registration source; the maths-verification one reads as an equation. */
export function RegistrationSource({ source }: { source: string | null | undefined }) {
  const translate = useTranslate();
  if (source === 'math_verification') {
    return (
      <Chip
        size="small"
        variant="outlined"
        title={translate('mazad.users.math_verification')}
        aria-label={translate('mazad.users.math_verification')}
        label={
          <span dir="ltr" style={{ fontFamily: 'monospace' }}>
            x + y = ?
          </span>
        }
      />
    );
  }
  return <span dir="ltr">{source || translate('mazad.users.source_unknown')}</span>;
}

/** Users: name and location, contact, counts, status, source, registration date, password, show, delete. */
export function UserList() {
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={csvExporter(USER_CSV_COLUMNS, 'users')}
      perPage={25}
      empty={<EmptyList message="resources.users.empty" />}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <FunctionField
          source="name"
          render={(record: UserRecord) => (
            <Box>
              <Typography variant="body2" fontWeight={600}>
                {record.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {record.location}
              </Typography>
            </Box>
          )}
        />
        <FunctionField
          source="email"
          render={(record: UserRecord) => (
            <Stack dir="ltr" sx={{ textAlign: 'end' }}>
              <Typography variant="body2">{record.email}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatPhone(record.phone)}
              </Typography>
            </Stack>
          )}
        />
        <NumberField source="totalAuctions" emptyText="0" locales="en-US" />
        <NumberField source="totalBids" emptyText="0" locales="en-US" />
        <FunctionField source="isVerified" render={(record: UserRecord) => <StatusChips record={record} />} />
        <FunctionField
          source="registrationSource"
          render={(record: UserRecord) => <RegistrationSource source={record.registrationSource} />}
        />
        <DateField source="createdAt" locales={DATE_LOCALE} options={DATE_OPTIONS} />
        <ChangePasswordButton />
        <ShowButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
