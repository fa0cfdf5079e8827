# syntax=docker/dockerfile:1
# Campus Portal's image (issue 90; deploy/kubernetes runs it): the production build on Node.js 24, as
# deploy/README.md's install builds it, run as a user without a login. tests/deploy/dockerfile.test.ts
# keeps its commands those of the install and of the systemd unit.

# The build: every dependency, `npm run build`, then the dev dependencies pruned.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/node-runtime scripts/node-runtime
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# The image: the build and its production dependencies, owned by root and read-only to the server.
FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 campus-portal \
  && useradd --system --uid 10001 --gid campus-portal --home /opt/campus-portal --shell /usr/sbin/nologin campus-portal
WORKDIR /opt/campus-portal
COPY --from=build /app /opt/campus-portal
# As the systemd unit sets them: jemalloc, two arenas, V8's young generation of 8 MB a half.
ENV NODE_ENV=production \
  LD_PRELOAD=libjemalloc.so.2 \
  MALLOC_ARENA_MAX=2 \
  NODE_OPTIONS=--max-semi-space-size=8
USER 10001:10001
EXPOSE 8080 9464
ENTRYPOINT ["node"]
CMD ["dist/server/server.js"]
