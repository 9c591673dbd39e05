import { Box, Chip, Stack, Typography } from '@mui/material';
import { Datagrid, DateField, DeleteButton, FunctionField, List, NumberField, SearchInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { DATE_LOCALE, DATE_OPTIONS, EmptyList } from '../common';
import { ChangePasswordButton } from './ChangePasswordButton';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="بحث بالاسم أو البريد أو الهاتف" />];

function VerifiedChip({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" color={record.isVerified ? 'success' : 'default'} label={translate(record.isVerified ? 'mazad.users.verified' : 'mazad.users.unverified')} />
      {record.isAdmin ? <Chip size="small" color="primary" variant="outlined" label={translate('mazad.users.admin')} /> : null}
    </Stack>
  );
}

/** Users: name and location, email, phone, auction and bid counts, verified, actions. */
export function UserList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false} perPage={25} empty={<EmptyList message="resources.users.empty" />}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          source="name"
          render={(record: RaRecord) => (
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
        <TextField source="email" dir="ltr" />
        <TextField source="phone" dir="ltr" />
        <NumberField source="totalAuctions" emptyText="0" />
        <NumberField source="totalBids" emptyText="0" />
        <FunctionField source="isVerified" render={(record: RaRecord) => <VerifiedChip record={record} />} />
        <DateField source="createdAt" locales={DATE_LOCALE} options={DATE_OPTIONS} />
        <ChangePasswordButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
