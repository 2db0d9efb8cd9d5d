import { isRouteErrorResponse, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { ErrorState } from '../components/ErrorState.tsx';

/**
 * Error boundary of the router: a page that crashed, or whose code could not be loaded (typically
 * after a new release), shows a clear message with a reload button instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'This page could not be displayed. Reloading usually fixes it.';
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <ErrorState title="Something went wrong" message={message} />
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
