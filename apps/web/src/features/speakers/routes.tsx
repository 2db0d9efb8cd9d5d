import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const SpeakerRecognitionPage = lazy(() => import('./routes/SpeakerRecognitionPage.tsx'));

/** The speaker recognition page (docs/product.md#speaker-recognition, protected); mount as a child of the signed-in layout. */
export const speakerRoutes: RouteObject[] = [{ path: 'speaker-recognition', element: <SpeakerRecognitionPage /> }];
