# Stand-ins for the official postgres, redis and nginx images that docker/compose.yml uses by
# default, made by make-base.sh (argument `services`) from the debootstrapped Debian base with
# Debian's own packages, for the deploy suite's compose test where no image registry is reachable.
# Each keeps what the compose file relies on of the official image: its paths, its commands and,
# for PostgreSQL, the first start from POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB.
# Build one with --target postgres|redis|nginx.
ARG DEBIAN_IMAGE

# ─── postgres ───────────────────────────────────────────────────────────────────────────────
FROM ${DEBIAN_IMAGE} AS postgres
# No cluster from the package's install script: the entrypoint makes one in the volume.
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
 && install -d -o postgres -g postgres /var/run/postgresql \
 && ln -s /usr/lib/postgresql/*/bin /usr/local/lib/postgresql-bin
COPY postgres-entrypoint.sh /usr/local/bin/
ENV PATH=/usr/local/lib/postgresql-bin:$PATH \
    PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
ENTRYPOINT ["postgres-entrypoint.sh"]
CMD ["postgres"]

# ─── redis ──────────────────────────────────────────────────────────────────────────────────
FROM ${DEBIAN_IMAGE} AS redis
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o redis -g redis /data
# The official image builds Redis with protected mode off (the container's network is the only
# way in); Debian's binary has it on, which refuses clients from other containers.
RUN printf '#!/bin/sh\nexec "$@" --protected-mode no\n' > /usr/local/bin/redis-entrypoint.sh \
 && chmod +x /usr/local/bin/redis-entrypoint.sh
WORKDIR /data
USER redis
EXPOSE 6379
ENTRYPOINT ["redis-entrypoint.sh"]
CMD ["redis-server"]

# ─── nginx ──────────────────────────────────────────────────────────────────────────────────
FROM ${DEBIAN_IMAGE} AS nginx
# Debian's site would answer port 80 before conf.d/default.conf; logs go to the container's output.
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log \
 && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
