# Node.js base made locally by make-base.sh (its build context holds node/, npm/ and the CA bundle):
# the same layout as the official node image (/usr/local, a `node` user with uid 1000), so
# docker/Dockerfile builds on either.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY node/bin/node /usr/local/bin/node
COPY node/include /usr/local/include
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
# npm and Node trust the machine's authorities; native addons built from source (node-gyp) find
# Node's headers here instead of downloading them.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false
CMD ["node"]
