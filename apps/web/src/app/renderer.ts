import { options, type VNode } from 'preact';

/**
 * The app renders with Preact: the build resolves `react`, `react-dom` and their JSX runtimes to
 * `preact/compat` (vite.config.ts; docs/architecture.md#web-app), which saves about 59 KB gzip of
 * first-load JavaScript. This module mends the two React behaviours our pages rely on that
 * preact/compat leaves out by design (both found by the e2e journeys):
 *
 * - React writes the `tabIndex` prop as the `tabindex` attribute, and SVG attributes are
 *   case-sensitive, so a chart bar given `tabIndex={0}` would not be focusable (keyboard
 *   drill-down, docs/product.md#dashboard-and-dataset-metrics). A vnode hook renames it on every
 *   element (HTML attributes ignore case, so HTML elements are unaffected).
 * - React calls a radio's `onChange` from the `click` event, after its `onClick`, when the click
 *   checked it. Preact listens to the native `change` event, which comes after the click's
 *   re-render: MUI's Rating clears itself on the click, the re-render unchecks the radio, and the
 *   browser then sends no `change`, so a star could not be chosen. For a controlled radio
 *   (`checked` given), the hook calls `onChange` from the click as React does, when the radio was
 *   unchecked at the last render and is checked now (a keyboard choice is a click too).
 *
 * Chained to any earlier vnode hook; idempotent.
 */
export function installRendererFixes(): void {
  if ((options as { ulcaFixes?: boolean }).ulcaFixes) return;
  (options as { ulcaFixes?: boolean }).ulcaFixes = true;
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as Record<string, unknown> | null;
    if (typeof vnode.type === 'string' && props) {
      if ('tabIndex' in props) {
        props.tabindex = props.tabIndex;
        delete props.tabIndex;
      }
      if (vnode.type === 'input' && props.type === 'radio' && typeof props.onChange === 'function' && props.checked !== undefined) {
        clickChangesRadio(props);
      }
    }
    previous?.(vnode);
  };
}

type Handler = (event: Event) => void;

/** Moves a controlled radio's onChange into its onClick (after it), as React dispatches them. */
function clickChangesRadio(props: Record<string, unknown>): void {
  const onChange = props.onChange as Handler;
  const onClick = props.onClick as Handler | undefined;
  const wasChecked = Boolean(props.checked);
  delete props.onChange;
  props.onClick = (event: Event) => {
    onClick?.(event);
    if (!wasChecked && (event.currentTarget as HTMLInputElement).checked) onChange(event);
  };
}
