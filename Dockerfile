# syntax=docker/dockerfile:1
# Multi-stage build of the release binary. Run with a volume for the database:
#   docker build -t oware-bot .
#   docker run --env-file .env -v oware-data:/data oware-bot

FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin oware-bot

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home /data oware \
 && mkdir -p /data && chown oware /data
COPY --from=build /src/target/release/oware-bot /usr/local/bin/oware-bot
USER oware
WORKDIR /data
ENV DATABASE_URL=sqlite:///data/oware.db \
    OWARE_BOARDS_DIR=/data/boards \
    RUST_LOG=info
VOLUME ["/data"]
# The web pages, with WEB_ADDR=0.0.0.0:8080 (compose.yaml sets it).
EXPOSE 8080
ENTRYPOINT ["oware-bot"]
CMD ["run"]
