#!/usr/bin/env bash
# Makes the image the Dockerfile builds on where no image registry is reachable: Debian trixie (minbase)
# from Debian's archive with Node.js 20 and npm from trixie's own packages, and a `node` user (uid 1000),
# as the official node:20-bookworm-slim image has. An operator with a registry skips this and builds
# with the default BASE_IMAGE. The machine's extra certificate authorities (/usr/local/share/ca-certificates)
# are trusted inside, as on the machine. Usage: scripts/container-base.sh [image name] (default localhost/cfd-base:trixie).
set -euo pipefail
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(cd "$(dirname "$0")/.." && pwd)/deploy/containers.conf}"
image="${1:-localhost/cfd-base:trixie}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if podman image exists "$image"; then
  echo "$image exists already."
  exit 0
fi
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
rootfs="$(mktemp -d)"
trap 'as_root rm -rf "$rootfs"' EXIT
log="$(mktemp)"
if ! as_root debootstrap --variant=minbase --include=ca-certificates trixie "$rootfs" "$mirror" >"$log" 2>&1; then
  tail -n 20 "$log" "$rootfs/debootstrap/debootstrap.log" 2>/dev/null >&2
  exit 1
fi
# apt inside resolves npm's many dependencies (debootstrap's --include does not).
as_root chroot "$rootfs" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null && apt-get clean'
# This machine's own certificate authorities (an egress proxy's, say) so npm inside builds reaches the registry.
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  as_root cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
  as_root chroot "$rootfs" update-ca-certificates >/dev/null
fi
as_root chroot "$rootfs" useradd --uid 1000 --user-group --create-home --shell /bin/sh node
as_root rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
as_root tar -C "$rootfs" -c . | podman import --change 'CMD ["/bin/sh"]' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$image" >/dev/null
echo "Made $image ($(podman image inspect --format '{{.Size}}' "$image" | numfmt --to=iec) from Debian trixie with $(podman run --rm --network=host "$image" node --version))."
