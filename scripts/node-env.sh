#!/usr/bin/env bash
# Source this to put a Node >= 22.12 first on PATH. When the machine's node is older,
# Node 24 is installed from the npm registry (package node@24) into .tools/node once.
_flybook_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_flybook_node_ok() {
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}
if ! _flybook_node_ok; then
  _flybook_bin="$_flybook_root/.tools/node/node_modules/node/bin"
  if [ ! -x "$_flybook_bin/node" ]; then
    echo "flybook: installing Node 24 into .tools/node (machine node: $(node --version 2>/dev/null || echo none))" >&2
    mkdir -p "$_flybook_root/.tools/node"
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$_flybook_root/.tools/node" node@24 >&2
  fi
  export PATH="$_flybook_bin:$PATH"
fi
unset -f _flybook_node_ok
