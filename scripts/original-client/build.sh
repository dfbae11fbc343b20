#!/usr/bin/env bash
# Builds the spec's original client, unmodified, against our server (scripts/original-client/README.md).
#   scripts/original-client/build.sh <its git directory> <work folder> [revision]
# VITE_PUSHER_APP_KEY must be our PUSHER_APP_KEY (the realtime socket's /app/{key}); the API is https://cfds.test/api/v1,
# the address serve.mjs answers at.
set -euo pipefail
source_git="${1:?the original client's git directory (the search tool's fetch of idamvictor/cfds-platform)}"
work="${2:?a folder to build in}"
revision="${3:-master}"
: "${VITE_PUSHER_APP_KEY:?set VITE_PUSHER_APP_KEY to our PUSHER_APP_KEY}"
mkdir -p "$work"
git --git-dir="$source_git" archive "$revision" | tar -x -C "$work"
cd "$work"
npm install --no-audit --no-fund
# Its own `build` runs `tsc -b` first; the bundle is vite's alone.
VITE_API_URL=https://cfds.test/api/v1 VITE_PUSHER_APP_KEY="$VITE_PUSHER_APP_KEY" npx vite build
echo "Built: $work/dist"
