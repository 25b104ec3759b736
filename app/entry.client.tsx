// React Router's own client entry, with one addition: a route's chunks are fetched side by side
// when a navigation starts loading it (app/lib/route-chunks.ts).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { routeChunkPreloading } from './lib/route-chunks';

const instrumentations = [routeChunkPreloading];

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={instrumentations} />
    </StrictMode>,
  );
});
