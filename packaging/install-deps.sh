#!/bin/sh
# Installs the Debian 12 packages Arachne Plan Explorer builds and runs with (run as root).
# The dpkg-dev line is for the package and its tests: dpkg-shlibdeps, the icon renderer, the
# desktop-file, AppStream and MIME validators, and man to render the man page.
# clang and libclang-rt-14-dev (libFuzzer and its ASan / UBSan runtimes) serve the fuzz
# harnesses that .ci/run builds after the test suites (docs/reliability.md).
# libgloo-dev: the Gloo headers LibTorch's ProcessGroupGloo.hpp includes (distributed training,
# `arachne-cli train --workers`); the same Gloo build as the libgloo0 that libtorch links.
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq \
  build-essential cmake ninja-build ccache pkg-config git \
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools \
  qt6-qpa-plugins libgl-dev libqcustomplot-dev \
  libtorch-dev libgloo-dev nlohmann-json3-dev libbenchmark-dev \
  fonts-dejavu-core \
  dpkg-dev librsvg2-bin desktop-file-utils appstream shared-mime-info man-db \
  clang libclang-rt-14-dev
