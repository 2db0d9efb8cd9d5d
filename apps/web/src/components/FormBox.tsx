import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A form whose submit runs `onSubmit` instead of loading a page, with the browser's own validation off
 * so that the fields show the app's messages rather than the browser's bubbles.
 */
export function FormBox({ onSubmit, label, children }: { onSubmit: () => void; label?: string; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Box>
  );
}
