#!/usr/bin/env bash
# Builds the client and server into another folder than dist/ (for side-by-side e2e runs:
# `scripts/build-to.sh .dist-a && E2E_DIST=.dist-a E2E_PORT=3200 npx playwright test -c tests/e2e/playwright.config.ts`).
set -euo pipefail
OUT="${1:?usage: scripts/build-to.sh <folder inside the repository>}"
npx vite build --outDir "$OUT/client" --emptyOutDir --logLevel warn
rm -rf "$OUT/server"
npx esbuild src/server/index.ts src/server/newsletter/exports/export-worker.ts --entry-names=[name] --bundle --platform=node --format=esm --target=node20 \
  --packages=external --splitting --outdir="$OUT/server" --chunk-names=chunks/[name]-[hash] --log-level=warning
