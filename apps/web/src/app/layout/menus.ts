import { ADMIN_ONLY, CONTRIBUTORS, SEARCHERS, type Role } from '@ulca/contracts';

/** One sub-tab of a header menu. `roles: 'public'` shows it to everyone, signed in or not. */
export interface MenuTab {
  /** English label (the spec's text; also the catalogue's English value of `key`). */
  label: string;
  /** Catalogue key of the label (lib/i18n/locales/en/*.json). */
  key: string;
  /** Path relative to the router basename, e.g. '/dataset/upload'. */
  to: string;
  roles: 'public' | readonly Role[];
}

/** A header menu (Dataset, Models, Admin) with its sub-tabs. */
export interface MenuDef {
  /** English label (the spec's text; also the catalogue's English value of `key`). */
  label: string;
  /** Catalogue key of the label (lib/i18n/locales/en/*.json). */
  key: string;
  tabs: MenuTab[];
  /** Roles for which the whole menu is hidden (docs/product.md#roles: Dataset hidden for consortium members). */
  hiddenFor?: readonly Role[];
  /** When set, only these roles see the menu (Admin). */
  onlyFor?: readonly Role[];
}

/** The header menus and their role rules (docs/product.md#roles, docs/product.md#screens). */
export const MENUS: readonly MenuDef[] = [
  {
    label: 'Dataset',
    key: 'menu.dataset',
    hiddenFor: ['EXTERNAL-CONSORTIUM-MEMBER'],
    tabs: [
      { label: 'My Contribution', key: 'menu.myContribution', to: '/dataset/my-contribution', roles: CONTRIBUTORS },
      { label: 'My Searches', key: 'menu.mySearches', to: '/my-searches', roles: SEARCHERS },
      { label: 'Search & Download Records', key: 'menu.searchAndDownload', to: '/search-and-download-rec/initiate/-1', roles: SEARCHERS },
      { label: 'Submit Dataset', key: 'menu.submitDataset', to: '/dataset/upload', roles: CONTRIBUTORS },
      { label: 'Dataset Metrics', key: 'menu.datasetMetrics', to: '/dataset/reports', roles: 'public' },
      { label: 'Ready-made Datasets', key: 'menu.readymadeDatasets', to: '/dataset/readymade-datasets', roles: 'public' },
    ],
  },
  {
    label: 'Models',
    key: 'menu.models',
    tabs: [
      { label: 'Explore Models', key: 'menu.exploreModels', to: '/model/explore-models', roles: 'public' },
      { label: 'Benchmark Datasets', key: 'menu.benchmarkDatasets', to: '/model/benchmark-datasets', roles: 'public' },
      { label: 'My Models', key: 'menu.myModels', to: '/model/my-contribution', roles: CONTRIBUTORS },
      { label: 'Submit Model', key: 'menu.submitModel', to: '/model/upload', roles: CONTRIBUTORS },
    ],
  },
  {
    label: 'Admin',
    key: 'menu.admin',
    onlyFor: ADMIN_ONLY,
    tabs: [{ label: 'View User Details', key: 'menu.viewUserDetails', to: '/admin/view-user-details', roles: ADMIN_ONLY }],
  },
];

/**
 * The menus and sub-tabs visible to a user whose first role is `role` (null = signed out).
 * docs/product.md#roles: the first role in the user's list decides tab visibility; public tabs show to
 * everyone; a menu with no visible tab is dropped.
 */
export function visibleMenus(role: Role | null, menus: readonly MenuDef[] = MENUS): MenuDef[] {
  const out: MenuDef[] = [];
  for (const m of menus) {
    if (role && m.hiddenFor?.includes(role)) continue;
    if (m.onlyFor && (!role || !m.onlyFor.includes(role))) continue;
    const tabs = m.tabs.filter((t) => t.roles === 'public' || (role !== null && t.roles.includes(role)));
    if (tabs.length) out.push({ ...m, tabs });
  }
  return out;
}
