#!/bin/sh
# Installs the Debian 12 packages Arachne Plan Explorer builds and runs with (run as root).
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq \
  build-essential cmake ninja-build ccache pkg-config git \
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools \
  qt6-qpa-plugins libgl-dev libqcustomplot-dev \
  libtorch-dev nlohmann-json3-dev libbenchmark-dev \
  fonts-dejavu-core
