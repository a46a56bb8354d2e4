#!/usr/bin/env bash
# Installs the Debian packages HealthLedger builds and tests with, when any is missing;
# arguments name more packages that a tool needs (bench-import.sh: python3-venv).
set -euo pipefail
packages=(pkg-config liblmdb-dev libsodium-dev libzstd-dev libkeyutils-dev zlib1g-dev libisal-dev unzip librsvg2-bin age poppler-utils gcc tzdata p7zip-full libarchive-tools default-jdk-headless python3-venv qrencode zbar-tools sqlite3 libsqlite3-dev default-jre-headless chromium chromium-driver time groff-base "$@")
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
