# Fundflow: one image for the app instances and the migrate job.
#   docker build -t fundflow .
#   docker run --rm -e DATABASE_URL=… fundflow node build/server/migrate.js    # migrate, then exit
#   docker run -p 3000:3000 -e DATABASE_URL=… -e AUTH_SECRET=… fundflow       # an instance
# compose.yaml runs the whole topology (PostgreSQL, migrate job, two instances, HAProxy).

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency (webpack, swc, esbuild, tsx), then `npm run build` ------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# dist/ (the web app) and build/server/ (index.js boots the server, migrate.js migrates).
RUN npm run build

# --- runtime: production dependencies and the build, nothing else ---------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
# Without DATABASE_URL the server keeps an embedded database in ./.data: the only folder it writes to.
RUN mkdir .data && chown node:node .data

# The official image's unprivileged user; the code and its dependencies stay root-owned and read-only to it.
USER node
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# Ready = the database answers, migrations are current and the instance is not draining (GET /api/ready).
# Slim images have no curl: Node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Plain node on the bundle: no TypeScript at boot. SIGTERM goes straight to node (no npm or shell in between).
CMD ["node", "--enable-source-maps", "build/server/index.js"]
