import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { adminErrorText } from '../lib/admin-errors.ts';
import { isUnauthorised } from '../lib/session-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { FilterRefreshToolbar } from '../../../components/TableToolbar.tsx';
import { useAdminUsers, useUpdateActiveStatus, type AdminUser } from '../api/users.ts';
import { sortNewestFirst } from '../lib/format.ts';
import { NO_USER_FILTER, USERS_PAGE_SIZE, matchesUserSearch, userSearchBody, type UserFilter } from '../lib/users.ts';
import { useDebounced } from '../lib/useDebounced.ts';
import { AuditLog } from '../components/AuditLog.tsx';
import { UsageQuotas } from '../components/UsageQuotas.tsx';
import { EditUserDialog } from '../components/EditUserDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { UserFilterPopover } from '../components/UserFilterPopover.tsx';
import { UserTable } from '../components/UserTable.tsx';

/** Shown to a signed-in user without the ADMIN role (the server refuses their calls too). */
function NotAuthorised() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 6 }}>
      <LockOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('admin.notAuthorised')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('admin.onlyAdmins')}
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ mt: 1 }}>
        {t('admin.goToDashboard')}
      </Button>
    </Box>
  );
}

/**
 * /admin/view-user-details (signed-in ADMIN; docs/product.md#admin, docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/api.md#request-signatures): the user table with search,
 * the Role/Organisation filter, an active switch and edit per row and paging, and the audit log.
 * Search text, filter and page live here, so reloading the list after a change keeps them.
 */
export default function ViewUserDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.pageTitle'));
  const session = useSession();
  const isAdmin = !!session?.userDetails.roles.includes('ADMIN');
  const [tab, setTab] = useState<'users' | 'audit' | 'usage'>('users');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('admin.pageTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {!isAdmin || !session ? (
          <NotAuthorised />
        ) : (
          <>
            <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mt: -1 }}>
              <Tabs
                value={tab}
                onChange={(_e, v: 'users' | 'audit' | 'usage') => setTab(v)}
                aria-label={t('admin.tabsLabel')}
                variant="scrollable"
                scrollButtons="auto"
              >
                <Tab value="users" label={t('admin.tabUsers')} />
                <Tab value="audit" label={t('admin.tabAudit')} />
                <Tab value="usage" label={t('admin.usage.tab')} />
              </Tabs>
            </Box>
            {/* Both stay mounted so switching tabs keeps the search, filter and page. */}
            <Box hidden={tab !== 'users'}>
              <UsersPanel selfId={session.userDetails.userID} />
            </Box>
            {tab === 'audit' ? <AuditLog /> : null}
            {tab === 'usage' ? <UsageQuotas /> : null}
          </>
        )}
      </Paper>
    </Container>
  );
}

function UsersPanel({ selfId }: { selfId: string }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState<UserFilter>(NO_USER_FILTER);
  const [page, setPage] = useState(0);
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  // The edited user stays set while the dialog fades out; `editOpen` opens and closes it.
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const settledTerm = useDebounced(term, 300);
  const body = useMemo(() => userSearchBody(filter, page, settledTerm), [filter, page, settledTerm]);
  const users = useAdminUsers(body, true);
  const toggle = useUpdateActiveStatus();
  const searching = settledTerm.trim() !== '';

  // Server-paged without a term; with one, the whole filtered list is matched and paged here.
  const view = useMemo(() => {
    const data = users.data?.data ?? [];
    if (!searching) return { rows: sortNewestFirst(data, (u) => u.createdOn ?? u.activatedTime), count: users.data?.count ?? 0 };
    const matched = sortNewestFirst(
      data.filter((u) => matchesUserSearch(u, settledTerm)),
      (u) => u.createdOn ?? u.activatedTime,
    );
    return { rows: matched.slice(page * USERS_PAGE_SIZE, (page + 1) * USERS_PAGE_SIZE), count: matched.length };
  }, [users.data, searching, settledTerm, page]);
  const filterCount = filter.roles.length + filter.orgs.length;

  // The switch asks first: deactivation ends the user's sessions and suspends their keys (nothing is deleted).
  const [confirming, setConfirming] = useState<{ user: AdminUser; active: boolean } | null>(null);
  const onToggleActive = (u: AdminUser, active: boolean) => setConfirming({ user: u, active });
  const applyToggle = () => {
    if (!confirming) return;
    const { active } = confirming;
    toggle.mutate(
      { email: confirming.user.email, is_active: confirming.active },
      {
        onSuccess: () => enqueueSnackbar(t(active ? 'admin.activated' : 'admin.deactivated'), { variant: 'success' }),
        onError: (err) => enqueueSnackbar(adminErrorText(t, err), { variant: 'error' }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const content = (
    <QueryState
      query={users}
      loading={t('admin.loadingUsers')}
      errorTitle={t('admin.loadUsersFailed')}
      errorText={(err) => adminErrorText(t, err)}
      noRetry={isUnauthorised}
      keepDataOnError
      empty={
        view.count === 0 ? (
          <EmptyState
            action={
              term || filterCount ? (
                <Button
                  variant="outlined"
                  onClick={() => {
                    setTerm('');
                    setFilter(NO_USER_FILTER);
                    setPage(0);
                  }}
                >
                  {t('common.clearSearchAndFilters')}
                </Button>
              ) : undefined
            }
          />
        ) : undefined
      }
    >
      {() => (
        <UserTable
          rows={view.rows}
          selfId={selfId}
          count={view.count}
          page={page}
          onPageChange={setPage}
          busyEmail={toggle.isPending ? (toggle.variables?.email ?? null) : null}
          onToggleActive={onToggleActive}
          onEdit={(u) => {
            setEditing(u);
            setEditOpen(true);
          }}
        />
      )}
    </QueryState>
  );

  return (
    <Box>
      <FilterRefreshToolbar
        term={term}
        onTermChange={setTerm}
        onPageReset={() => setPage(0)}
        placeholder={t('admin.searchPlaceholder')}
        searchLabel={t('admin.searchLabel')}
        filterCount={filterCount}
        onOpenFilter={setFilterAnchor}
        onRefresh={() => void users.refetch()}
        refreshDisabled={users.isFetching}
      />
      {/* A thin bar while a reload (after a toggle, a page or filter change) is under way; the table stays. */}
      <Box sx={{ height: 4, mb: 1 }}>
        {users.isFetching && !users.isPending ? <LinearProgress aria-label={t('admin.reloadingUsers')} /> : null}
      </Box>
      {users.isError && users.data ? <ErrorState message={adminErrorText(t, users.error)} onRetry={() => void users.refetch()} /> : null}
      {content}
      <UserFilterPopover
        anchorEl={filterAnchor}
        value={filter}
        onClose={() => setFilterAnchor(null)}
        onApply={(f) => {
          setFilter(f);
          setPage(0);
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming?.active ? 'admin.activateTitle' : 'admin.deactivateTitle', { email: confirming?.user.email ?? '' })}
        text={t(confirming?.active ? 'admin.activateText' : 'admin.deactivateText')}
        confirmLabel={t(confirming?.active ? 'admin.activate' : 'admin.deactivate')}
        pending={toggle.isPending}
        onConfirm={applyToggle}
        onClose={() => setConfirming(null)}
      />
      <EditUserDialog user={editing} open={editOpen} onClose={() => setEditOpen(false)} />
    </Box>
  );
}
