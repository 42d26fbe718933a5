#!/usr/bin/env bash
# Builds the libFuzzer targets into Fuzz/.build/ with swiftc directly (no SwiftPM):
# each module under test once, instrumented (-sanitize=fuzzer,address), then one small
# executable per target linking it. Usage: Fuzz/build.sh [target ...] (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=Fuzz/.build
mkdir -p "$out/CLinuxShim"

all_targets=(http-request multipart urlencoded cookies http-date router mustache visual-format gettext)
targets=("${@:-${all_targets[@]}}")

# -package-name lets the targets reach `package` declarations (HTTPDate) without @testable.
flags=(-O -swift-version 6 -parse-as-library -sanitize=fuzzer,address -package-name Homepwner -g)

# Rebuilds $1 when any later argument is newer (or it is missing).
stale() {
  local product=$1; shift
  [[ ! -e $product ]] && return 0
  [[ -n $(find "$@" -newer "$product" -print -quit) ]]
}

build_module() {  # name, extra swiftc flags...
  local name=$1; shift
  local sources=()
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  if stale "$out/$name.o" "Sources/$name" Fuzz/build.sh; then
    echo "fuzz: building $name"
    swiftc "${flags[@]}" -module-name "$name" -whole-module-optimization -c "${sources[@]}" \
      -emit-module -emit-module-path "$out/$name.swiftmodule" -I "$out" -o "$out/$name.o" "$@"
  fi
}

needs() { local t; for t in "${targets[@]}"; do [[ " $* " == *" $t "* ]] && return 0; done; return 1; }

# The modules build side by side (two cores are enough to help), then the targets link.
pids=()
if needs http-request multipart urlencoded cookies http-date router; then
  # The C shim HTTP imports, with the module map SwiftPM would otherwise generate.
  if stale "$out/CLinuxShim.o" Sources/CLinuxShim; then
    printf 'module CLinuxShim {\n  header "%s/Sources/CLinuxShim/include/CLinuxShim.h"\n  export *\n}\n' "$root" \
      > "$out/CLinuxShim/module.modulemap"
    clang -O1 -g -fsanitize=address -I Sources/CLinuxShim/include -c Sources/CLinuxShim/shim.c -o "$out/CLinuxShim.o"
  fi
  build_module HTTP -I "$out/CLinuxShim" & pids+=($!)
fi
if needs mustache; then build_module Mustache & pids+=($!); fi
if needs visual-format; then build_module Layout & pids+=($!); fi
if needs gettext; then build_module Gettext & pids+=($!); fi
for pid in "${pids[@]}"; do wait "$pid"; done

link() {
  local target=$1 objects
  case $target in
    mustache) objects=("$out/Mustache.o") ;;
    visual-format) objects=("$out/Layout.o") ;;
    gettext) objects=("$out/Gettext.o") ;;
    *) objects=("$out/HTTP.o" "$out/CLinuxShim.o") ;;
  esac
  if stale "$out/$target" "Fuzz/Targets/$target.swift" Fuzz/Support "${objects[@]}"; then
    echo "fuzz: linking $target"
    swiftc "${flags[@]}" -module-name "Fuzz_${target//-/_}" -I "$out" -I "$out/CLinuxShim" \
      "Fuzz/Targets/$target.swift" Fuzz/Support/*.swift "${objects[@]}" -use-ld=lld -o "$out/$target"
  fi
}
pids=()
for target in "${targets[@]}"; do
  link "$target" & pids+=($!)
  if (( ${#pids[@]} == 2 )); then wait "${pids[0]}"; pids=("${pids[1]}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
