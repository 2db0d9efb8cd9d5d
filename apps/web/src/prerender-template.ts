// The page around a prerendered #root: used by the build (build/prerender-pages.ts) and, through
// the server-side entry (src/prerender.tsx), by the server for pages it renders with their data.
import escapeHtml from 'escape-html';
import { PRERENDERED_ATTR, PRERENDERED_DATA_ID } from '@ulca/contracts';

/**
 * `data` as the text of a `<script type="application/json">`: JSON with every `<` written as
 * `\u003c`, so no value (a contributor's model name such as `</script><script>…`) can end the
 * element or open a comment; JSON.parse reads it back unchanged.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * index.html with `markup` in #root (marked PRERENDERED_ATTR), `head` at the end of <head>, `lang`
 * on <html>, the page's title and, when given, the page's data (a TanStack Query dehydrated state)
 * in `<script type="application/json" id=PRERENDERED_DATA_ID>` at the end of <body>, for the app's
 * first render (docs/architecture.md#prerendered-pages). Throws when the template lacks a part.
 */
export function fillTemplate(template: string, markup: string, head: string, lang: string, title: string | null, data?: unknown): string {
  const parts: [string, string][] = [
    ['</head>', `${head}</head>`],
    ['<div id="root"></div>', `<div id="root" ${PRERENDERED_ATTR}>${markup}</div>`],
    ['<html lang="en">', `<html lang="${lang}">`],
    ['<title>ULCA</title>', `<title>${title ? `${escapeHtml(title)} | ULCA` : 'ULCA'}</title>`],
  ];
  if (data !== undefined)
    parts.push(['</body>', `<script type="application/json" id="${PRERENDERED_DATA_ID}">${jsonForScript(data)}</script></body>`]);
  let out = template;
  for (const [from, to] of parts) {
    if (!out.includes(from)) throw new Error(`index.html has no ${from}`);
    out = out.replace(from, () => to);
  }
  return out;
}
