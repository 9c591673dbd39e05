import { Chip, Stack, Typography } from '@mui/material';
import { AUDIT_ACTION_LABELS, AUDIT_LOG_CSV_COLUMNS, AUDIT_TARGET_LABELS, type AuditLogEntry } from '@mazad/contracts';
import { Datagrid, DateInput, FunctionField, List, SelectInput, TextInput, type RaRecord } from 'react-admin';
import { EmptyList, formatDate } from '../common';
import { csvExporter } from '../csvExport';
import { AuditChanges } from './AuditChanges';

type EntryRecord = AuditLogEntry & RaRecord;

const choices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

const filters = [
  <SelectInput key="action" source="action" choices={choices(AUDIT_ACTION_LABELS)} translateChoice={false} alwaysOn />,
  <SelectInput
    key="targetType"
    source="targetType"
    choices={choices(AUDIT_TARGET_LABELS)}
    translateChoice={false}
    alwaysOn
  />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <TextInput key="actorId" source="actorId" />,
  <TextInput key="targetId" source="targetId" />,
];

/** «سجل العمليات»: every operator action, newest first, with what it changed; filtered and exported as CSV. */
export function AuditLogList() {
  return (
    <List
      exporter={csvExporter(AUDIT_LOG_CSV_COLUMNS, 'audit-log')}
      perPage={25}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty={<EmptyList message="resources.audit-log.empty" />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField source="createdAt" sortable={false} render={(e: EntryRecord) => formatDate(e.createdAt)} />
        <FunctionField source="actorName" sortable={false} render={(e: EntryRecord) => e.actorName} />
        <FunctionField
          source="action"
          sortable={false}
          render={(e: EntryRecord) => <Chip size="small" label={AUDIT_ACTION_LABELS[e.action] ?? e.action} />}
        />
        <FunctionField
          source="targetId"
          sortable={false}
          render={(e: EntryRecord) => (
            <Stack>
              <Typography variant="body2">{AUDIT_TARGET_LABELS[e.targetType] ?? e.targetType}</Typography>
              {e.targetId && (
                <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
                  {e.targetId}
                </Typography>
              )}
            </Stack>
          )}
        />
        <FunctionField source="reason" sortable={false} render={(e: EntryRecord) => e.reason ?? '—'} />
        <FunctionField
          source="before"
          label="resources.audit-log.fields.changes"
          sortable={false}
          render={(e: EntryRecord) => <AuditChanges before={e.before} after={e.after} />}
        />
      </Datagrid>
    </List>
  );
}
