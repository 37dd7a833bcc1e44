# The reference server as an image: `docker build -t chat-conformance-reference .` then
# `npx chat-conformance run --container chat-conformance-reference` (it prints its personas on its first line).
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY src ./src
COPY reference-server ./reference-server
COPY fixtures ./fixtures
COPY tsconfig.json ./
ENV FEATURE_LEVEL=372
EXPOSE 9991
CMD ["sh", "-c", "exec node bin/chat-conformance.js serve --host 0.0.0.0 --port 9991 --json --feature-level \"$FEATURE_LEVEL\""]
