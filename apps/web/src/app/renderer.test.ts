import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { installRendererFixes } from './renderer.ts';

describe('installRendererFixes', () => {
  it('writes tabIndex as the tabindex attribute on SVG and HTML elements, leaving components alone', () => {
    installRendererFixes();
    installRendererFixes(); // a second call must not chain the hook twice
    expect(h('rect', { tabIndex: 0, role: 'button' }).props).toEqual({ tabindex: 0, role: 'button' });
    expect(h('div', { tabIndex: -1 }).props).toEqual({ tabindex: -1 });
    const Component = (p: { tabIndex?: number }) => h('span', p);
    expect(h(Component, { tabIndex: 0 }).props).toEqual({ tabIndex: 0 });
  });

  it("calls a controlled radio's onChange from its click, after onClick, only when the click checked it", () => {
    installRendererFixes();
    const calls: string[] = [];
    const radio = (checked: boolean) =>
      h('input', { type: 'radio', checked, onClick: () => calls.push('click'), onChange: () => calls.push('change') })
        .props as unknown as Record<string, unknown>;
    const click = (props: Record<string, unknown>, checkedNow: boolean) =>
      (props.onClick as (e: unknown) => void)({ currentTarget: { checked: checkedNow } });

    const unchecked = radio(false);
    expect(unchecked.onChange).toBeUndefined(); // no native change listener: the click decides
    click(unchecked, true);
    expect(calls).toEqual(['click', 'change']);

    calls.length = 0;
    click(radio(true), true); // already chosen: React sends no change either
    expect(calls).toEqual(['click']);

    // Uncontrolled radios and checkboxes keep the native change event.
    const onChange = () => undefined;
    expect(h('input', { type: 'radio', onChange }).props).toMatchObject({ onChange });
    expect(h('input', { type: 'checkbox', checked: false, onChange }).props).toMatchObject({ onChange });
  });
});
