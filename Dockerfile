# syntax=docker/dockerfile:1
# One image for every tier: ROLE=both (default, a single process), ROLE=web or ROLE=trading. Migrations are
# their own step on PostgreSQL: `podman run --rm … IMAGE npm run db:migrate` once per release, before the
# servers start (they only check that the schema is current: MIGRATE_ON_START=auto); a single container on
# its embedded database migrates itself. See docs/operations.md.
#
# BASE_IMAGE: any Debian-based image with Node.js 20.19+, npm and a `node` user (uid 1000): the official one by
# default; where no registry is reachable, scripts/container-base.sh makes localhost/cfd-base:trixie from
# Debian's packages and `npm run cluster` builds with --build-arg BASE_IMAGE=localhost/cfd-base:trixie.
ARG BASE_IMAGE=docker.io/library/node:20-bookworm-slim

FROM ${BASE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build

FROM ${BASE_IMAGE} AS prod-deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    API_HOST=127.0.0.1 \
    API_PORT=3001 \
    DATA_DIR=/data \
    SEED_DEMO=never \
    MIGRATE_ON_START=auto \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
COPY package.json ./
COPY scripts/start.mjs ./scripts/start.mjs
COPY server/trading/db/migrations ./server/trading/db/migrations
COPY public ./public
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 3001
# Liveness only (the process answers); load balancers ask /readyz, which also checks the database and Redis.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "const p=process.env.ROLE==='trading'?process.env.API_PORT:process.env.PORT;fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
