#!/bin/sh
# Installs the Debian 12 packages Arachne Plan Explorer builds and runs with (run as root).
# clang and libclang-rt-14-dev (libFuzzer, ASan, UBSan) serve the sanitizer build and the
# fuzz harnesses that .ci/run builds after the test suite (docs/reliability.md).
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq \
  build-essential cmake ninja-build ccache pkg-config git \
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools \
  qt6-qpa-plugins libgl-dev libqcustomplot-dev \
  libtorch-dev nlohmann-json3-dev libbenchmark-dev \
  fonts-dejavu-core \
  clang libclang-rt-14-dev
