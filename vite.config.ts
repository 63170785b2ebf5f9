// Vite builds the React client into dist/client; Hono serves it in production.
import { defineConfig, type Plugin } from 'vite';
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const ROUTE_TREE = './src/client/routeTree.gen.ts';

/**
 * Writes route-manifest.json beside the built client: every route's full path, read from the route tree
 * TanStack Router generates, so the server can answer 404 for an address no route matches.
 */
function routeManifest(): Plugin {
  return {
    name: 'route-manifest',
    apply: 'build',
    generateBundle() {
      const tree = fs.readFileSync(ROUTE_TREE, 'utf8');
      const body = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1];
      const paths = body ? [...body.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]) : [];
      if (!paths.includes('/')) this.error(`route-manifest: no routes found in ${ROUTE_TREE}`);
      this.emitFile({ type: 'asset', fileName: 'route-manifest.json', source: JSON.stringify(paths) });
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: ROUTE_TREE,
    }),
    react(),
    tailwindcss(),
    routeManifest(),
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  publicDir: 'src/client/public',
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/sitemap.xml': 'http://localhost:3000' } },
});
