# The product as an image, built from the packed tarball exactly as users install it:
#   docker build -t chat-conformance .
#   docker run -p 9991:9991 chat-conformance                       # serve at FL 372 (-e FEATURE_LEVEL=241 for another)
#   docker run -v "$PWD/reports:/home/node/app/reports" chat-conformance \
#     chat-conformance run --target https://chat.example.org --personas /home/node/app/reports/personas.json
# `run --container chat-conformance` starts it with testcontainers (it prints its personas on its first line).

# Stage 1: the tarball, built from the source tree with the development tools.
FROM node:22-slim AS pack
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && mkdir /out && npm pack --ignore-scripts --pack-destination /out

# Stage 2: the tarball installed with its runtime dependencies only, run by an unprivileged user.
FROM node:22-slim
ENV NODE_ENV=production FEATURE_LEVEL=372 NO_COLOR=1
COPY --from=pack /out/ /tmp/pack/
RUN npm install --global --omit=dev --omit=optional --no-audit --no-fund /tmp/pack/chat-conformance-*.tgz && rm -rf /tmp/pack /root/.npm
USER node
WORKDIR /home/node/app
EXPOSE 9991
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:9991/api/v1/server_settings').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["sh", "-c", "exec chat-conformance serve --host 0.0.0.0 --port 9991 --json --feature-level \"$FEATURE_LEVEL\""]
