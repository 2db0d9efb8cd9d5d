import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { DatasetType } from '@ulca/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useStoreSearch, type ChartBar } from '../api/store-search.ts';
import { MetricsBarChart } from '../components/MetricsBarChart.tsx';
import {
  GROUPINGS,
  backTo,
  breadcrumb,
  buildSearchRequest,
  changeGrouping,
  changeSourceLanguage,
  changeType,
  currentGrouping,
  drillInto,
  hasSourceLanguagePicker,
  initialState,
  levelOf,
  reset,
  secondGroupings,
  type DrillState,
  type Grouping,
} from '../lib/drilldown.ts';
import { CHART_HEIGHT, formatNumber, formatUnit, unitOf } from '../lib/format.ts';
import {
  DATASET_TYPE_OPTIONS,
  SOURCE_LANGUAGE_OPTIONS,
  collectionMethodName,
  datasetTypeName,
  domainName,
  languageName,
} from '../lib/labels.ts';

// The table view loads when first opened: most visits only look at the chart.
const BarTable = lazy(() => import('../components/BarTable.tsx'));

/**
 * A labelled drop-down of the dashboard's filter bar (label element id `{id}-label`); `menuMaxHeight`
 * (px) caps a long menu.
 */
function DashboardSelect({
  id,
  label,
  minWidth,
  disabled,
  value,
  onChange,
  options,
  menuMaxHeight,
}: {
  id: string;
  label: string;
  minWidth: number;
  disabled: boolean;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  menuMaxHeight?: number;
}) {
  return (
    <FormControl size="small" sx={{ minWidth }} disabled={disabled}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        MenuProps={menuMaxHeight ? { slotProps: { paper: { sx: { maxHeight: menuMaxHeight } } } } : undefined}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * /dashboard and every unknown path (docs/product.md#dashboard-and-dataset-metrics Dashboard): published records per language for a
 * dataset type, drilled down by clicking bars: level 0 languages → level 1 a language by Domain,
 * Collection Method or Submitter → level 2 one of those by another grouping. Public.
 */
export default function DashboardPage() {
  const { t, lang } = useTranslation();
  usePageTitle(t('shell.dashboard'));
  const [state, setState] = useState<DrillState>(() => initialState());
  const [showTable, setShowTable] = useState(false);
  // Once opened the table stays mounted, so that closing it can animate.
  const [tableOpened, setTableOpened] = useState(false);
  const level = levelOf(state);
  const request = buildSearchRequest(state);
  const query = useStoreSearch(request);
  const unit = unitOf(state.datasetType);
  const grouping = currentGrouping(state);
  const groupName = (g: Grouping) => t(`dashboard.grouping.${g}`);
  const crumbs = breadcrumb(state, datasetTypeName, languageName, groupName);
  const unitTitle = t(`dashboard.unitTitle.${unit}`);
  const chartTitle = grouping
    ? t('dashboard.chartTitle.by', { unit: unitTitle, group: groupName(grouping) })
    : hasSourceLanguagePicker(state.datasetType)
      ? t('dashboard.chartTitle.paired', { unit: unitTitle, language: languageName(state.sourceLanguage) })
      : t('dashboard.chartTitle.perLanguage', { unit: unitTitle });
  const clickable = level < 2;
  const onBarClick = clickable ? (bar: ChartBar) => setState((s) => drillInto(s, { id: bar._id, label: bar.label })) : undefined;
  const groupingChoices: Grouping[] = level === 1 ? [...GROUPINGS] : level === 2 ? secondGroupings(state) : [];
  // The server names bars in English; in Hindi and Tamil, languages, domains and collection methods are named from their codes.
  const bars = useMemo(() => {
    const raw = query.data?.data ?? [];
    if (lang === 'en') return raw;
    const name =
      level === 0
        ? languageName
        : grouping === 'domains'
          ? domainName
          : grouping === 'collectionMethod_collectionDescriptions'
            ? collectionMethodName
            : null;
    return name ? raw.map((b) => (name(b._id) === b._id ? b : { ...b, label: name(b._id) })) : raw;
  }, [query.data, lang, level, grouping]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {t('shell.dashboard')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 760 }}>
        {t('dashboard.intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <DashboardSelect
              id="dash-type"
              label={t('dashboard.datasetType')}
              minWidth={220}
              disabled={level !== 0}
              value={state.datasetType}
              onChange={(v) => setState((s) => changeType(s, v as DatasetType))}
              options={DATASET_TYPE_OPTIONS.map((o) => ({ value: o.value, label: datasetTypeName(o.value) }))}
            />
            {hasSourceLanguagePicker(state.datasetType) && (
              <DashboardSelect
                id="dash-source"
                label={t('dashboard.sourceLanguage')}
                minWidth={200}
                disabled={level !== 0}
                value={state.sourceLanguage}
                onChange={(v) => setState((s) => changeSourceLanguage(s, v))}
                options={SOURCE_LANGUAGE_OPTIONS.map((o) => ({ value: o.value, label: languageName(o.value) }))}
                menuMaxHeight={360}
              />
            )}
          </Stack>
          <Button
            variant="outlined"
            startIcon={<RestartAltIcon />}
            onClick={() => setState(reset)}
            disabled={level === 0}
            sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
          >
            {t('dashboard.reset')}
          </Button>
        </Stack>

        <Breadcrumbs aria-label={t('dashboard.level')} sx={{ mb: 1 }}>
          {crumbs.map((c, i) =>
            i < crumbs.length - 1 ? (
              <Link key={c.level} component="button" type="button" underline="hover" onClick={() => setState((s) => backTo(s, c.level))}>
                {c.label}
              </Link>
            ) : (
              <Typography key={c.level} color="text.primary" sx={{ fontWeight: 600 }} aria-current="page">
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
        >
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {chartTitle}
            </Typography>
            {/* The line keeps its height while the total loads. */}
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ minHeight: '1.43em' }}
              data-testid={query.data ? 'dashboard-total' : undefined}
            >
              {query.data && (
                <>
                  {t('dashboard.total')} <strong>{formatNumber(query.data.count)}</strong>{' '}
                  {t(`dashboard.unitWord.${unit}`, { count: query.data.count })}
                  {query.data.totalCount !== query.data.count &&
                    ` ${t('dashboard.ofTotal', { total: formatUnit(query.data.totalCount, unit), type: datasetTypeName(state.datasetType) })}`}
                </>
              )}
            </Typography>
          </Box>
          {grouping && (
            <ToggleButtonGroup
              size="small"
              exclusive
              color="primary"
              value={grouping}
              onChange={(_e, g: Grouping | null) => g && setState((s) => changeGrouping(s, g))}
              aria-label={t('dashboard.groupBy')}
            >
              {groupingChoices.map((g) => (
                <ToggleButton key={g} value={g}>
                  {groupName(g)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        </Stack>

        {/* Every state of the chart area is as tall as the chart, so nothing below it moves when the bars arrive. */}
        <Box
          sx={{ minHeight: CHART_HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: bars.length ? 'flex-start' : 'center' }}
        >
          <QueryState query={query} loading={t('dashboard.loadingChart')} empty={bars.length === 0 ? <EmptyState /> : undefined}>
            {() => <MetricsBarChart bars={bars} unit={unit} title={chartTitle} onBarClick={onBarClick} />}
          </QueryState>
        </Box>
        {/* Always laid out (hidden without bars), so its arrival does not move what follows. */}
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1, visibility: bars.length > 0 ? 'visible' : 'hidden' }}
        >
          <Typography variant="caption" color="text.secondary">
            {level === 0
              ? t('dashboard.hintLevel0')
              : level === 1
                ? t('dashboard.hintLevel1', { group: groupName(state.groupBy2) })
                : t('dashboard.hintLevel2')}
          </Typography>
          <Button
            size="small"
            onClick={() => {
              setTableOpened(true);
              setShowTable((v) => !v);
            }}
            aria-expanded={showTable}
          >
            {showTable ? t('dashboard.hideTable') : t('dashboard.showTable')}
          </Button>
        </Stack>
        {bars.length > 0 && tableOpened && (
          <Suspense fallback={null}>
            <BarTable
              open={showTable}
              bars={bars}
              unit={unit}
              groupLabel={grouping ? groupName(grouping) : t('dashboard.language')}
              onBarClick={onBarClick}
            />
          </Suspense>
        )}
      </Paper>
    </Container>
  );
}
