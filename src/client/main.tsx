// Client entry: theme bootstrap first, then providers (tRPC + TanStack Query), the router, and the
// last-resort recovery boundary.
import './bootstrap';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { trpc, createQueryClient, createTrpcClient, createTrpcUtils } from './trpc';
import { createAppRouter } from './router';
import { AppRecovery } from './components/error-views';
import { installFocusClearance } from './lib/focus-clearance';
import './styles.css';

installFocusClearance();
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({ queryClient, trpc: createTrpcUtils(queryClient, trpcClient), client: trpcClient });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRecovery>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </AppRecovery>
  </StrictMode>,
);
