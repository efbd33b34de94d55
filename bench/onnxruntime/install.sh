#!/usr/bin/env bash
# Installs ONNX Runtime for Node.js (onnxruntime-node, pinned in package.json) into
# bench/onnxruntime/node_modules, the peer `vfuse bench` and `vfuse check --against
# onnxruntime` run. Idempotent: does nothing when the pinned version is already there.
#
# ONNXRUNTIME_NODE_INSTALL=skip: the package's postinstall would download extra binaries
# (CUDA / TensorRT providers); the CPU library ships in the package itself
# (bin/napi-v6/linux/x64/libonnxruntime.so.1).
set -euo pipefail
cd "$(dirname "$0")"

die() { echo "onnxruntime install: error: $*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || die "'node' is not on PATH (Node.js 18 or later is needed)"
command -v npm >/dev/null 2>&1 || die "'npm' is not on PATH (it comes with Node.js)"

want=$(node -p "require('./package.json').dependencies['onnxruntime-node']")
installed() {
  [ -f node_modules/onnxruntime-node/package.json ] &&
    [ "$(node -p "require('./node_modules/onnxruntime-node/package.json').version" 2>/dev/null)" = "$want" ] &&
    node -e "require('./node_modules/onnxruntime-node')" >/dev/null 2>&1
}

if installed; then
  echo "onnxruntime-node $want already installed in $(pwd)/node_modules"
  exit 0
fi

echo "installing onnxruntime-node $want into $(pwd)/node_modules"
if ! ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --no-package-lock \
    --loglevel=error; then
  die "npm install failed (is the npm registry reachable?)"
fi
installed || die "onnxruntime-node $want was installed but does not load in node"
echo "onnxruntime-node $want installed"
