// The client exactly as the app builds it (tRPC links, query defaults, providers), with the network
// answered by the test: each procedure call is recorded and answered by a handler in tRPC's batch wire
// format, so what the client caches and how often it asks are what the tests observe.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { apiLinks, createQueryClient, createTrpcUtils, trpc } from '../../src/client/trpc';
import type { Publication } from '../../src/client/features/workflow/types';

export interface Call {
  path: string;
  input: unknown;
}

/** A refusal as the server words it (status and message). */
export class ApiRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

export type Handler = (input: unknown) => unknown;

const TRPC_CODES: Record<number, string> = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'TOO_MANY_REQUESTS', 500: 'INTERNAL_SERVER_ERROR' };

export function apiHarness(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const send: typeof fetch = async (url, init) => {
    const address = new URL(String(url));
    const paths = decodeURIComponent(address.pathname.replace(/^\/api\/trpc\//, '')).split(',');
    const rawInput = init?.method === 'POST' ? String(init.body) : address.searchParams.get('input');
    const inputs = (rawInput ? JSON.parse(rawInput) : {}) as Record<string, unknown>;
    const answers = await Promise.all(
      paths.map(async (path, i) => {
        calls.push({ path, input: inputs[i] });
        const handler = handlers[path];
        try {
          if (!handler) throw new ApiRefusal(404, `No procedure ${path}`);
          return { result: { data: await handler(inputs[i]) } };
        } catch (err) {
          const status = err instanceof ApiRefusal ? err.httpStatus : 500;
          const message = err instanceof Error ? err.message : 'Internal error';
          return { error: { message, code: -32600, data: { code: TRPC_CODES[status] ?? 'BAD_REQUEST', httpStatus: status, path } } };
        }
      }),
    );
    return new Response(JSON.stringify(answers), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const queryClient = createQueryClient();
  const client = trpc.createClient({ links: apiLinks('http://app.test', send) });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    );
  }
  return {
    calls,
    queryClient,
    /** The query utils and the client the router's loaders get in their context. */
    utils: createTrpcUtils(queryClient, client),
    client,
    Providers,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    /** What the workflow route's loader leaves in the cache: the opened publication's publications.get answer. */
    open(publication: Publication) {
      queryClient.setQueryData(getQueryKey(trpc.publications.get, { id: publication.id }, 'query'), publication);
      return publication.id;
    },
  };
}

/** A promise the test settles when it chooses: an answer that is still on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const PageContent = createContext<ReactNode>(null);
const CurrentPage = () => useContext(PageContent);

/** Renders `children` (as they are at each render) as the page of a router at `path`, for components that link to other pages. */
export function InRouter({ children, path = '/workflow' }: { children: ReactNode; path?: string }) {
  const [router] = useState(() =>
    createRouter({ routeTree: createRootRoute({ component: CurrentPage }), history: createMemoryHistory({ initialEntries: [path] }) }),
  );
  return (
    <PageContent.Provider value={children}>
      <RouterProvider router={router} />
    </PageContent.Provider>
  );
}
