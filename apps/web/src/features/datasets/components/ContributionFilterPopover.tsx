import { FilterPopover, filterGroups, type FilterPopoverBinding } from '../../../components/FilterPopover.tsx';
import { FILTER_GROUPS, type ContributionFilter, type FilterGroup } from '../lib/contribution-filters.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { datasetTypeLabel, statusLabel } from '../lib/format.ts';

/**
 * The filter popover of My Contribution (docs/product.md#dataset-screens): Task, Domain, License and Status checkbox
 * groups. Choices are a draft until Apply; Clear All (disabled when nothing is selected) clears and
 * applies at once.
 */
export function ContributionFilterPopover({
  options,
  ...binding
}: FilterPopoverBinding<ContributionFilter> & { options: Record<FilterGroup, string[]> }) {
  const { t } = useTranslation();
  const groups = filterGroups(
    FILTER_GROUPS,
    (key) => t(`datasets.contribution.${key}`),
    options,
    (key, v) => (key === 'task' ? datasetTypeLabel(v) : key === 'status' ? statusLabel(v) : v),
  );
  return (
    <FilterPopover
      {...binding}
      groups={groups}
      cleared={{}}
      width={560}
      columns={2}
      emptyGroupText={t('datasets.contribution.noneInContributions')}
      clearDisabledWhen="draft-empty"
    />
  );
}
