import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { closeSnackbar, enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COLLECTION_METHOD_LABELS, validateSearchCriteria } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { localizedCollectionMethod, localizedDatasetType, localizedLanguageName } from '../../../lib/i18n/names.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { SearchOptions } from '../api/search-options.ts';
import { useSubmitSearch } from '../api/submit-search.ts';
import {
  activeDatasetTypes,
  filtersAwaitingParent,
  hasAdvancedFilters,
  isAsrSearchType,
  isPairedSearchType,
  languageFilter,
  MIXED_LANGUAGE,
  visibleFilters,
  type DatasetFilterParams,
  type MasterEntry,
  type SearchFilter,
} from '../lib/catalogue.ts';
import {
  buildSearchPayload,
  chosenCollectionMethods,
  emptySearchForm,
  formFieldOfServerError,
  localizeSearchMessage,
  searchFormSchema,
  withMixedLanguage,
  type SearchFormValues,
} from '../lib/search-form.ts';
import { criteriaFieldLabel } from '../lib/search-row.ts';
import { FilterField, MultiChoiceField, SingleChoiceField, choicesOf, type Choice } from './FilterField.tsx';

/** Submit failures stay on screen for 40 s (docs/product.md#constants-and-limits). */
const SUBMIT_ERROR_MS = 40000;
/** docs/product.md#messages "Search submit failure" when the server gave no message of its own. */
export const SEARCH_SUBMIT_FALLBACK = 'Something went wrong. Please try again.';
/** docs/product.md#states-and-transitions: the toast shown when Submit is pressed. */
export const SEARCH_WAIT_MESSAGE = 'Please wait while we process your request.';
/** The type the form opens with. */
const DEFAULT_TYPE = 'parallel-corpus';

/**
 * Language choices of a catalogue language filter, or of the languages master when it lists none,
 * named in the interface language (lib/i18n/names.ts).
 */
function languageChoices(filter: SearchFilter | undefined, languages: readonly MasterEntry[]): Choice[] {
  const list =
    filter && filter.options.length
      ? choicesOf(filter)
      : languages.filter((l) => l.active !== false).map((l) => ({ value: l.code, label: l.label }));
  return list.map((c) => ({ value: c.value, label: localizedLanguageName(c.value, c.label) }));
}

/** Adds the Mixed language to `choices` when missing (a data source selects it). */
function withMixedChoice(choices: Choice[], languages: readonly MasterEntry[]): Choice[] {
  if (choices.some((c) => c.value === MIXED_LANGUAGE)) return choices;
  const english = languages.find((l) => l.code === MIXED_LANGUAGE)?.label ?? MIXED_LANGUAGE;
  return [...choices, { value: MIXED_LANGUAGE, label: localizedLanguageName(MIXED_LANGUAGE, english) }];
}

/** The interface-language label of the advanced filter labelled `english` under collection method `parent`. */
function filterLabelOf(entry: DatasetFilterParams | undefined, parent: string, english: string): string {
  const f = entry?.filters.find((x) => x.parent === parent && x.label === english);
  return f ? criteriaFieldLabel(f.value, english) : english;
}

/** A grid of two columns from the sm breakpoint. */
function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>{children}</Box>;
}

/**
 * The search form (docs/product.md#search-and-download, docs/product.md#states-and-transitions, docs/product.md#validation-rules): dataset type, languages (a source and targets for
 * source–target types, languages otherwise), a data source and an assert language for ASR types,
 * the type's basic filters and, behind the Advanced toggle, its advanced ones (parent and active
 * rules of the catalogue), Clear and Submit. Submit, Advanced and the filters wait for a target
 * language. On success the in-progress view of the new search opens.
 */
export function SearchForm({ options, userId }: { options: SearchOptions; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitSearch();
  const types = useMemo(() => activeDatasetTypes(options.datasetFilterParams), [options.datasetFilterParams]);
  const initialType = types.some((t) => t.datasetType === DEFAULT_TYPE) ? DEFAULT_TYPE : (types[0]?.datasetType ?? DEFAULT_TYPE);
  const [advanced, setAdvanced] = useState(false);
  const { control, handleSubmit, reset, setValue, getValues, setError } = useForm<SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: emptySearchForm(initialType),
    mode: 'onTouched',
  });
  const values = useWatch({ control }) as SearchFormValues;
  const datasetType = values.datasetType ?? initialType;
  const entry: DatasetFilterParams | undefined = types.find((t) => t.datasetType === datasetType);
  const paired = isPairedSearchType(datasetType);
  const asr = isAsrSearchType(datasetType);
  const targetsChosen = (values.targetLanguage ?? []).length > 0;
  const shown = visibleFilters(entry, { advanced, collectionMethods: chosenCollectionMethods({ filters: values.filters ?? {} }) });
  const offersAdvanced = hasAdvancedFilters(entry);
  const awaitingParent = filtersAwaitingParent(entry, chosenCollectionMethods({ filters: values.filters ?? {} }));

  const sourceChoices = languageChoices(languageFilter(entry, 'sourceLanguage'), options.languages);
  // A pair needs two different languages, so the chosen source is not offered as a target.
  const baseTargetChoices = paired
    ? languageChoices(languageFilter(entry, 'targetLanguage'), options.languages).filter((c) => c.value !== values.sourceLanguage)
    : sourceChoices;
  const targetChoices = asr ? withMixedChoice(baseTargetChoices, options.languages) : baseTargetChoices;
  const dataSources: Choice[] = options.mixedDatasrc.filter((d) => d.active !== false).map((d) => ({ value: d.code, label: d.label }));
  const assertChoices = languageChoices(undefined, options.languages).filter((c) => c.value !== MIXED_LANGUAGE && c.value !== 'unknown');

  const changeType = (type: string) => {
    // docs/product.md#states-and-transitions: changing the dataset type clears the form.
    reset(emptySearchForm(type));
    setAdvanced(false);
  };

  const clear = () => {
    reset(emptySearchForm(datasetType));
    setAdvanced(false);
  };

  const toggleAdvanced = (on: boolean) => {
    setAdvanced(on);
    // Hidden advanced filters are not sent; drop their values so what is sent is what is shown.
    if (!on) {
      const filters = { ...getValues('filters') };
      for (const f of entry?.filters ?? []) if (f.filterType === 'advance') delete filters[f.value];
      setValue('filters', filters);
    }
  };

  const knownFilters = (entry?.filters ?? []).map((f) => f.value);
  /** Shows field errors on their fields; returns the messages no field can show. */
  const showFieldErrors = (list: readonly { field: string; message: string }[]): string[] => {
    const unplaced: string[] = [];
    for (const fe of list) {
      const field = formFieldOfServerError(fe.field, datasetType, knownFilters);
      const message = localizeSearchMessage(fe.message) ?? fe.message;
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      else unplaced.push(message);
    }
    return unplaced;
  };

  const onSubmit = handleSubmit(async (form) => {
    const body = buildSearchPayload(form, entry, { userId, advanced });
    // The API's own check (shared through @ulca/contracts), so a range such as a minimum above its
    // maximum is reported at once, in the API's words, without a round trip.
    const check = validateSearchCriteria(body.datasetType, body.criteria);
    if (!check.ok) {
      const unplaced = showFieldErrors(check.errors);
      if (unplaced.length) enqueueSnackbar(unplaced.join(' '), { variant: 'error', autoHideDuration: SUBMIT_ERROR_MS });
      return;
    }
    // Shown while the request is sent, closed as soon as it is answered either way (it must not
    // linger over the in-progress view of a search that has already finished).
    const waiting = enqueueSnackbar(t('search.message.wait'), { variant: 'info', persist: true });
    try {
      const res = await submit.mutateAsync(body);
      closeSnackbar(waiting);
      navigate(`/search-and-download-rec/inprogress/${encodeURIComponent(res.data.serviceRequestNumber)}`);
    } catch (err) {
      closeSnackbar(waiting);
      let message = t('search.message.failed');
      if (err instanceof ApiRequestError) {
        // A body of our own server always carries a code; without one the message is only the status wording.
        if ((err.code || err.errors?.length) && err.message) message = localizeSearchMessage(err.message) ?? message;
        showFieldErrors(err.errors ?? []);
      }
      enqueueSnackbar(message, { variant: 'error', autoHideDuration: SUBMIT_ERROR_MS });
    }
  });

  // A checkbox of the form's yes/no options (parallel corpus), usable once the languages are chosen.
  const flagBox = (name: 'multipleContributors' | 'originalSourceSentence', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={!targetsChosen} />}
          label={label}
        />
      )}
    />
  );

  // The grid of `filters`, or `noneText` when there are none.
  const filterGrid = (filters: SearchFilter[], noneText: string) =>
    filters.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        {noneText}
      </Typography>
    ) : (
      <FieldGrid>
        {filters.map((filter) => (
          <Controller
            key={filter.value}
            control={control}
            name={`filters.${filter.value}`}
            render={({ field, fieldState }) => (
              <FilterField
                filter={filter}
                value={field.value}
                onChange={field.onChange}
                disabled={!targetsChosen}
                error={localizeSearchMessage(fieldState.error?.message)}
              />
            )}
          />
        ))}
      </FieldGrid>
    );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('search.form.label')}>
      <Stack spacing={3}>
        <Controller
          control={control}
          name="datasetType"
          render={({ field }) => (
            <TextField
              select
              margin="none"
              label={t('search.form.datasetType')}
              value={field.value}
              onChange={(e) => changeType(e.target.value)}
              sx={{ maxWidth: { sm: 360 } }}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
            >
              {types.map((t) => (
                <MenuItem key={t.datasetType} value={t.datasetType}>
                  {localizedDatasetType(t.datasetType, t.label)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />

        <Box component="section" aria-labelledby="search-languages-heading">
          <Typography id="search-languages-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {t('search.form.languages')}
          </Typography>
          <FieldGrid>
            {paired && (
              <Controller
                control={control}
                name="sourceLanguage"
                render={({ field, fieldState }) => (
                  <SingleChoiceField
                    id="search-source-language"
                    label={t('search.form.sourceLanguage')}
                    required
                    emptyLabel={t('search.form.chooseLanguage')}
                    choices={sourceChoices}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      const targets = getValues('targetLanguage');
                      if (targets.includes(v))
                        setValue(
                          'targetLanguage',
                          targets.filter((t) => t !== v),
                        );
                    }}
                    onBlur={field.onBlur}
                    error={!!fieldState.error}
                    helperText={localizeSearchMessage(fieldState.error?.message)}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="targetLanguage"
              render={({ field, fieldState }) => (
                <Box sx={{ gridColumn: paired ? undefined : '1 / -1' }}>
                  <MultiChoiceField
                    id="search-target-language"
                    label={paired ? t('search.form.targetLanguages') : t('search.form.languages')}
                    required
                    choices={targetChoices}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={!!fieldState.error}
                    helperText={
                      localizeSearchMessage(fieldState.error?.message) ??
                      (paired ? t('search.form.targetsHelp') : t('search.form.languagesHelp'))
                    }
                    placeholder={t('search.form.chooseLanguages')}
                  />
                </Box>
              )}
            />
            {asr && (
              <Controller
                control={control}
                name="dataSource"
                render={({ field }) => (
                  <SingleChoiceField
                    id="search-data-source"
                    label={t('search.form.dataSource')}
                    emptyLabel={t('search.form.anySource')}
                    choices={dataSources}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      if (v)
                        setValue('targetLanguage', withMixedLanguage(getValues('targetLanguage')), {
                          shouldValidate: true,
                          shouldTouch: true,
                        });
                      else setValue('assertLanguage', '');
                    }}
                    helperText={t('search.form.dataSourceHelp')}
                  />
                )}
              />
            )}
            {asr && (
              <Controller
                control={control}
                name="assertLanguage"
                render={({ field, fieldState }) => (
                  <SingleChoiceField
                    id="search-assert-language"
                    label={t('search.form.assertLanguage')}
                    emptyLabel={t('search.form.anyLanguage')}
                    choices={assertChoices}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={!values.dataSource}
                    error={!!fieldState.error}
                    helperText={localizeSearchMessage(fieldState.error?.message) ?? t('search.form.assertHelp')}
                  />
                )}
              />
            )}
          </FieldGrid>
        </Box>

        <Divider />

        <Box component="section" aria-labelledby="search-filters-heading">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 2, flexWrap: 'wrap' }}>
            <Typography id="search-filters-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('search.form.filters')}
            </Typography>
            {offersAdvanced && (
              <FormControlLabel
                control={<Switch checked={advanced} onChange={(e) => toggleAdvanced(e.target.checked)} disabled={!targetsChosen} />}
                label={t('search.form.advanced')}
              />
            )}
          </Stack>
          {!targetsChosen && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {paired ? t('search.form.chooseTargetFirst') : t('search.form.chooseLanguageFirst')}
            </Typography>
          )}
          {filterGrid(shown.basic, t('search.form.noFilters'))}
          {paired && datasetType === 'parallel-corpus' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }} sx={{ mt: 1.5 }}>
              {flagBox('multipleContributors', t('search.form.multipleContributors'))}
              {flagBox('originalSourceSentence', t('search.form.originalSource'))}
            </Stack>
          )}
          <Collapse in={advanced} unmountOnExit>
            <Box sx={{ mt: 2.5 }} role="group" aria-label={t('search.form.advanced')}>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
                {t('search.form.advanced')}
              </Typography>
              {filterGrid(shown.advanced, t('search.form.noAdvanced'))}
              {awaitingParent.length > 0 && (
                <Box sx={{ mt: 1.5 }} aria-label={t('search.form.otherMethods')}>
                  <Typography variant="body2" color="text.secondary">
                    {t('search.form.moreFilters')}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
                    {awaitingParent.map((g) => (
                      <li key={g.parent}>
                        <strong>{localizedCollectionMethod(g.parent, COLLECTION_METHOD_LABELS[g.parent] ?? g.parent)}</strong>:{' '}
                        {g.labels.map((l) => filterLabelOf(entry, g.parent, l)).join(', ')}
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
            </Box>
          </Collapse>
        </Box>

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={clear} disabled={submit.isPending}>
            {t('search.form.clear')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!targetsChosen || submit.isPending}
            startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {submit.isPending ? t('search.form.submitting') : t('search.form.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
