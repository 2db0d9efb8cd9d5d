import { FilterPopover, type FilterPopoverBinding } from '../../../components/FilterPopover.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useOrgLabel, useRoleLabel } from '../lib/labels.ts';
import { NO_USER_FILTER, ORG_OPTIONS, ROLE_OPTIONS, type UserFilter } from '../lib/users.ts';

/**
 * The user table's filter (docs/product.md#admin): Role and Organisation values that toggle on and off. Choices
 * are a draft until Apply (disabled while nothing is selected, docs/product.md#validation-rules); Clear All empties and
 * applies at once.
 */
export function UserFilterPopover(binding: FilterPopoverBinding<UserFilter>) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const orgLabel = useOrgLabel();
  // The Role and Organisation groups, as toggle chips.
  const groups = [
    { key: 'roles', label: t('admin.col.role'), options: ROLE_OPTIONS.map((v) => ({ value: v, label: roleLabel(v) })) },
    { key: 'orgs', label: t('admin.col.organization'), options: ORG_OPTIONS.map((v) => ({ value: v, label: orgLabel(v) })) },
  ] as const;
  return (
    <FilterPopover
      {...binding}
      groups={groups}
      cleared={NO_USER_FILTER}
      control="chip"
      width={440}
      clearDisabledWhen="nothing-selected"
      applyDisabledWhen="nothing-selected"
    />
  );
}
