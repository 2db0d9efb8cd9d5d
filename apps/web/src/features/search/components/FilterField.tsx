import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { i18n, useTranslation } from '../../../lib/i18n/i18n.ts';
import type { SearchFilter } from '../lib/catalogue.ts';
import { criteriaFieldLabel, optionLabel } from '../lib/search-row.ts';
import type { FilterFormValue } from '../lib/search-form.ts';

/** A choice as the form's selects hold it: the option value as a string key, and its label. */
export interface Choice {
  value: string;
  label: string;
}

/** A catalogue filter's options as choices (option values become string keys), labelled in the interface language. */
export function choicesOf(filter: SearchFilter): Choice[] {
  return filter.options.map((o) => ({ value: String(o.value), label: optionLabel(filter.value, String(o.value), o.label) }));
}

/** The label of `value` among `choices`, or the value itself. */
function labelOf(choices: readonly Choice[], value: string): string {
  return choices.find((c) => c.value === value)?.label ?? value;
}

/** The props both choice fields take; `V` is the value (one choice value, or a list of them). */
interface ChoiceFieldProps<V> {
  id: string;
  label: string;
  choices: readonly Choice[];
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A multi-select with chips over `choices` (languages, domains, …). `value` holds choice values;
 * values not among the choices still show, with their code as label.
 */
export function MultiChoiceField({
  id,
  choices,
  value,
  onChange,
  onBlur,
  disabled,
  placeholder,
  ...input
}: ChoiceFieldProps<string[]> & { placeholder?: string }) {
  const keys = choices.map((c) => c.value);
  const extra = value.filter((v) => !keys.includes(v));
  return (
    <Autocomplete
      id={id}
      multiple
      disableCloseOnSelect
      options={[...keys, ...extra]}
      getOptionLabel={(v) => labelOf(choices, v)}
      value={value}
      onChange={(_e, v) => onChange(v)}
      onBlur={onBlur}
      disabled={disabled}
      renderValue={(selected, getItemProps) =>
        selected.map((v, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelOf(choices, v)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          {...input}
          placeholder={value.length ? undefined : placeholder}
          // The placeholder ('Any', 'Choose languages') stays visible, so the label sits above it.
          slotProps={{ inputLabel: { ...params.InputLabelProps, shrink: true } }}
        />
      )}
    />
  );
}

/** A single select over `choices` with an empty first entry (`emptyLabel`). */
export function SingleChoiceField({
  choices,
  onChange,
  emptyLabel = i18n.t('search.form.any'),
  ...field
}: ChoiceFieldProps<string> & { emptyLabel?: string }) {
  return (
    <TextField
      {...field}
      select
      margin="none"
      onChange={(e) => onChange(e.target.value)}
      // The empty entry ('Any') is shown in the field, so the label always sits above it.
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          // Nothing chosen reads as a placeholder, not as a value.
          renderValue: (v) =>
            v ? (
              labelOf(choices, String(v))
            ) : (
              <Box component="span" sx={{ color: 'text.disabled' }}>
                {emptyLabel}
              </Box>
            ),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One generic catalogue filter, drawn by its `input`: a single select, a multi-select with chips,
 * or a text field (numeric for `type: 'number'`).
 */
export function FilterField({
  filter,
  value,
  onChange,
  disabled,
  error,
}: {
  filter: SearchFilter;
  value: FilterFormValue | undefined;
  onChange: (value: FilterFormValue) => void;
  disabled?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = `filter-${filter.value}`;
  const label = criteriaFieldLabel(filter.value, filter.label);
  if (filter.input === 'multi-select') {
    return (
      <MultiChoiceField
        id={id}
        label={label}
        choices={choicesOf(filter)}
        value={Array.isArray(value) ? value : value ? [value] : []}
        onChange={onChange}
        disabled={disabled}
        error={!!error}
        helperText={error}
        placeholder={t('search.form.any')}
      />
    );
  }
  if (filter.input === 'single-select') {
    return (
      <SingleChoiceField
        id={id}
        label={label}
        choices={choicesOf(filter)}
        value={Array.isArray(value) ? (value[0] ?? '') : (value ?? '')}
        onChange={onChange}
        disabled={disabled}
        error={!!error}
        helperText={error}
      />
    );
  }
  return (
    <TextField
      id={id}
      margin="none"
      label={label}
      type={filter.type === 'number' ? 'number' : 'text'}
      value={Array.isArray(value) ? (value[0] ?? '') : (value ?? '')}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={!!error}
      helperText={error}
      autoComplete="off"
      placeholder={t('search.form.any')}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
