import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { FilterPopover, type FilterPopoverBinding } from '../../../components/FilterPopover.tsx';
import { FILTER_GROUPS, type FilterOption, type ReadyMadeFilter, type ReadyMadeFilterGroup } from '../lib/readymade-filters.ts';

/**
 * The filter popover of the Ready-made datasets page (docs/product.md#ready-made-datasets): Domain, Language and Submitter
 * checkbox groups. Choices are a draft until Apply, which is disabled while nothing is selected
 * (docs/product.md#validation-rules); Clear All (disabled when nothing is selected or applied) clears and applies at once.
 */
export function ReadyMadeFilterPopover({
  options,
  ...binding
}: FilterPopoverBinding<ReadyMadeFilter> & { options: Record<ReadyMadeFilterGroup, FilterOption[]> }) {
  const { t } = useTranslation();
  return (
    <FilterPopover
      {...binding}
      groups={FILTER_GROUPS.map((key) => ({ key, label: t(`readymade.group.${key}`), options: options[key] }))}
      cleared={{}}
      width={640}
      columns={3}
      emptyGroupText={t('readymade.noneInTab')}
      ariaLabel={t('readymade.filterLabel')}
      clearDisabledWhen="nothing-selected"
      applyDisabledWhen="draft-empty"
    />
  );
}
