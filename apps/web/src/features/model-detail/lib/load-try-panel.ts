let tryPanel: Promise<typeof import('../components/TryPanel.tsx')> | undefined;

/**
 * Loads the try panel's module (components/TryPanel.tsx and the task panels it brings), once: the
 * model page's try view renders it lazily, and the route's preload asks for it ahead of a try view
 * the server rendered, so the app's first render replaces that page without a loading state.
 */
export function loadTryPanel(): Promise<typeof import('../components/TryPanel.tsx')> {
  return (tryPanel ??= import('../components/TryPanel.tsx'));
}
