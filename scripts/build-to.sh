#!/usr/bin/env bash
# Builds the client and server into another folder than dist/ (for side-by-side e2e runs:
# `scripts/build-to.sh .dist-a && E2E_DIST=.dist-a E2E_PORT=3200 npx playwright test -c tests/e2e/playwright.config.ts`).
set -euo pipefail
# The pinned Node.js (the `node` package) runs the server build, as it does under npm scripts.
export PATH="$(cd "$(dirname "$0")/.." && pwd)/node_modules/.bin:$PATH"
OUT="${1:?usage: scripts/build-to.sh <folder inside the repository>}"
npx vite build --outDir "$OUT/client" --emptyOutDir --logLevel warn
node scripts/build-server.ts "$OUT/server"
