// "Contracts own every call" (see docs/architecture.md#contracts): a web fetcher (a file of an
// `api/` folder) takes each call's path, body and answer schema from @ulca/contracts, the same
// ones the server route and the OpenAPI document use. So such a file may not spell a `/ulca/`
// path nor declare a zod shape of its own. Checked by `npm run lint`; eslint/boundaries.test.ts
// proves both rules fire on the fixtures under eslint/fixtures.

const NO_PATH =
  'A web api/ file takes its paths from @ulca/contracts (e.g. USER_API.login), never a literal /ulca/ path (docs/architecture.md#contracts).';
const NO_ZOD =
  'A web api/ file declares no zod shape: parse answers with the schema the server answers with, exported by @ulca/contracts (docs/architecture.md#contracts).';

/**
 * The flat-config block of the contract rules for the web fetchers matched by `files` (globs of
 * `api/` folders). Test files are left out: they assert the wire paths independently of the contracts.
 * - `no-restricted-syntax`: a string or template literal containing `/ulca/`; a `z.…(…)` call;
 * - `no-restricted-imports`: any import of `zod` (a type-only one too: the contracts export the types).
 */
export function contractConfig(files) {
  return {
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/\\u002Fulca\\u002F/]', message: NO_PATH },
        { selector: 'TemplateElement[value.raw=/\\u002Fulca\\u002F/]', message: NO_PATH },
        { selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='z']", message: NO_ZOD },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: NO_ZOD }], patterns: [{ group: ['zod/*'], message: NO_ZOD }] }],
    },
  };
}
