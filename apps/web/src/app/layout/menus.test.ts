import { describe, it, expect } from 'vitest';
import { visibleMenus } from './menus.ts';

const labels = (role: Parameters<typeof visibleMenus>[0]) =>
  Object.fromEntries(visibleMenus(role).map((m) => [m.label, m.tabs.map((t) => t.label)]));

describe('header menus by first role (docs/product.md#roles)', () => {
  it('shows only public tabs when signed out', () => {
    expect(labels(null)).toEqual({
      Dataset: ['Dataset Metrics', 'Ready-made Datasets'],
      Models: ['Explore Models', 'Benchmark Datasets'],
    });
  });
  it('gives a read-only user searches but not contribution tabs', () => {
    expect(labels('READONLY-USER').Dataset).toEqual(['My Searches', 'Search & Download Records', 'Dataset Metrics', 'Ready-made Datasets']);
    expect(labels('READONLY-USER').Models).toEqual(['Explore Models', 'Benchmark Datasets']);
  });
  it('gives contributors every dataset and model tab, and no Admin menu', () => {
    const m = labels('CONTRIBUTOR-USER');
    expect(m.Dataset).toHaveLength(6);
    expect(m.Models).toEqual(['Explore Models', 'Benchmark Datasets', 'My Models', 'Submit Model']);
    expect(m.Admin).toBeUndefined();
  });
  it('hides the Dataset menu from consortium members', () => {
    expect(Object.keys(labels('EXTERNAL-CONSORTIUM-MEMBER'))).toEqual(['Models']);
  });
  it('shows the Admin menu to admins', () => {
    expect(labels('ADMIN').Admin).toEqual(['View User Details']);
  });
});
