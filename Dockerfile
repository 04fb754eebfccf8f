# syntax=docker/dockerfile:1
# Release image: the single compiled executable on a slim Debian, run as non-root.
#   docker build -t chilaquiles .
#   docker run -p 3000:3000 -v chilaquiles-data:/data chilaquiles
#   docker exec -it <container> chilaquiles admin reset-password

# ---- build: client bundles + `bun build --compile` (scripts/build.ts)
FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build

# ---- runtime: only the binary (every asset and migration is embedded in it)
FROM debian:bookworm-slim
RUN groupadd --system --gid 10001 chilaquiles \
 && useradd --system --uid 10001 --gid chilaquiles --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin chilaquiles \
 && mkdir -p /data \
 && chown chilaquiles:chilaquiles /data
COPY --from=build /app/dist/chilaquiles /usr/local/bin/chilaquiles
# NODE_ENV=production also switches Elysia's own run-time checks to production mode
# (the server's safety does not depend on it: bodies never reach Elysia's validator).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
VOLUME /data
# 3000 plain; with DOMAIN (and PORT=80): 80 for the CA and the redirect, 443 for HTTPS.
EXPOSE 3000 80 443
USER chilaquiles
# SIGTERM: the server stops accepting, lets requests in flight finish, closes the database.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/chilaquiles"]
CMD ["serve"]
