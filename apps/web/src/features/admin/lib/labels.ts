import { UNDEFINED_ORG } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { auditActionText } from './audit-actions.ts';
import { roleLabel } from './users.ts';

/*
 * The admin screens' words for codes (roles, the organisation, audit actions) in the interface
 * language (docs/product.md#languages-of-the-interface); a code the catalogue does not know falls
 * back to its English words.
 */

/** The catalogue key of an audit action: 'provider-key.generate' → 'admin.audit.actions.provider_key_generate'. */
export function auditActionKey(action: string): string {
  return `admin.audit.actions.${action.replace(/[.-]/g, '_')}`;
}

/** A role code in words: 'READONLY-USER' → 'Readonly User' / 'केवल पढ़ने वाला उपयोगकर्ता'. */
export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation();
  return (role) => t(`admin.role.${role}`, { defaultValue: roleLabel(role) });
}

/** An organisation code in words: 'UNDEFINED' (the only choice, docs/product.md#roles) reads 'No organisation'. */
export function useOrgLabel(): (org: string) => string {
  const { t } = useTranslation();
  return (org) => (org === UNDEFINED_ORG ? t('admin.noOrganization') : org);
}

/** An audit action code in words: 'login.failure' → 'Sign-in refused' / 'साइन इन अस्वीकृत'. */
export function useAuditActionText(): (action: string) => string {
  const { t } = useTranslation();
  return (action) => t(auditActionKey(action), { defaultValue: auditActionText(action) });
}
