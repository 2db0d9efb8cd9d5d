import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Full-screen blocking spinner for in-progress states (docs/product.md#states-and-transitions "Global API status"). */
export function FullScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Backdrop
      open
      sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      role="progressbar"
      aria-label={label}
      aria-busy
    >
      <CircularProgress color="inherit" />
      <Typography variant="body2">{label}</Typography>
    </Backdrop>
  );
}
