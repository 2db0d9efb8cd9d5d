import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, ROLES } from '@ulca/contracts';
import { loadCatalogue } from '../../../lib/i18n/i18n.ts';
import { auditActionKey } from './labels.ts';

const EN_CATALOGUE = await loadCatalogue('en');

/** The English text at a dotted catalogue key (undefined when absent). */
function at(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], EN_CATALOGUE);
}

describe('admin words in the catalogue', () => {
  it('has every audit action, with the English words of @ulca/contracts (hi and ta follow: catalogues.test.ts)', () => {
    for (const [action, words] of Object.entries(AUDIT_ACTION_LABELS)) expect(at(auditActionKey(action)), action).toBe(words);
  });
  it('has every role', () => {
    for (const role of ROLES) expect(typeof at(`admin.role.${role}`), role).toBe('string');
  });
  it('turns action codes into keys without dots or dashes inside the name', () => {
    expect(auditActionKey('provider-key.generate')).toBe('admin.audit.actions.provider_key_generate');
  });
});
