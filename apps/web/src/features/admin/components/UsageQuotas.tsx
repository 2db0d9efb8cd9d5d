import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDayMonthYear } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { usagePath } from '../../../lib/provider-pages.ts';
import { useAllUsage, useQuotas } from '../api/usage.ts';
import { useUsersById } from '../api/users.ts';
import { adminErrorText } from '../lib/admin-errors.ts';
import { summariseByKey } from '../lib/key-usage.ts';
import { formatCount } from '../lib/numbers.ts';
import { isUnauthorised } from '../lib/session-errors.ts';
import { QuotaForm } from './QuotaForm.tsx';
import { UserName } from './UserName.tsx';

/** The window of the consumption table, days (the key usage page's too). */
const DAYS = 30;

const HEAD = { '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } } as const;

/**
 * The admin's Usage and quotas tab (docs/api.md#usage-and-quotas): every key's consumption over
 * 30 days (application, owner by name and e-mail, calls, failures, characters, seconds of audio,
 * images, last day used; the key links to its usage page), then the daily limits set (the default
 * of every key first) and the form that sets or removes one.
 */
export function UsageQuotas() {
  const { t } = useTranslation();
  const usage = useAllUsage(DAYS, true);
  const quotas = useQuotas(true);
  const summary = useMemo(() => summariseByKey(usage.data ?? []), [usage.data]);
  const people = useUsersById(useMemo(() => summary.map((s) => s.userId).filter((id): id is string => !!id), [summary]));
  const unit = (u: string) => t(`admin.usage.unit.${u}`, { defaultValue: u });
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('admin.usage.consumption')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('admin.usage.consumptionIntro', { days: DAYS })}
        </Typography>
        <QueryState
          query={usage}
          loading={t('admin.usage.loading')}
          errorTitle={t('admin.usage.loadFailed')}
          errorText={(err) => adminErrorText(t, err)}
          noRetry={isUnauthorised}
          empty={usage.data?.length === 0 ? <EmptyState /> : undefined}
        >
          {() => (
            <DataTable
              region
              size="small"
              label={t('admin.usage.consumption')}
              sx={{ minWidth: 900 }}
              head={
                <TableRow sx={HEAD}>
                  {(['app', 'owner', 'key', 'calls', 'failures', 'characters', 'audioIn', 'audioOut', 'images', 'lastUsed'] as const).map(
                    (c) => (
                      <TableCell key={c}>{t(`admin.usage.col.${c}`)}</TableCell>
                    ),
                  )}
                </TableRow>
              }
            >
              {summary.map((s) => (
                <TableRow key={s.keyId} hover data-testid="key-usage-row">
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.appName ?? '-'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                    <UserName id={s.userId} email={null} people={people} />
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
                    <Link component={RouterLink} to={usagePath(s.keyId)}>
                      {s.keyId}
                    </Link>
                  </TableCell>
                  <TableCell>{formatCount(s.calls)}</TableCell>
                  <TableCell>{formatCount(s.failures)}</TableCell>
                  <TableCell>{formatCount(s.charactersIn)}</TableCell>
                  <TableCell>{formatCount(s.audioSecondsIn)}</TableCell>
                  <TableCell>{formatCount(s.audioSecondsOut)}</TableCell>
                  <TableCell>{formatCount(s.images)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayMonthYear(`${s.lastDay}T00:00:00Z`, 'UTC')}</TableCell>
                </TableRow>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Box>
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('admin.usage.limits')}
        </Typography>
        <QueryState
          query={quotas}
          loading={t('admin.usage.loading')}
          errorTitle={t('admin.usage.loadFailed')}
          errorText={(err) => adminErrorText(t, err)}
          noRetry={isUnauthorised}
          empty={
            quotas.data?.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('admin.usage.noLimits')}
              </Typography>
            ) : undefined
          }
        >
          {(data) => (
            <DataTable
              region
              size="small"
              label={t('admin.usage.limits')}
              head={
                <TableRow sx={HEAD}>
                  <TableCell>{t('admin.usage.col.key')}</TableCell>
                  <TableCell>{t('admin.usage.col.unit')}</TableCell>
                  <TableCell>{t('admin.usage.col.dailyLimit')}</TableCell>
                </TableRow>
              }
            >
              {data.map((q) => (
                <TableRow key={`${q.keyId}|${q.unit}`}>
                  <TableCell sx={{ fontFamily: q.keyId === '*' ? undefined : 'monospace', fontSize: '0.85rem' }}>
                    {q.keyId === '*' ? t('admin.usage.everyKey') : q.keyId}
                  </TableCell>
                  <TableCell>{unit(q.unit)}</TableCell>
                  <TableCell>{formatCount(q.dailyLimit)}</TableCell>
                </TableRow>
              ))}
            </DataTable>
          )}
        </QueryState>
        <QuotaForm />
      </Box>
    </Stack>
  );
}
