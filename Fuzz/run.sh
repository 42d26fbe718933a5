#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while on its committed corpus.
#
#   Fuzz/run.sh [seconds-per-target] [target ...]     (default: 30 seconds, every target)
#
# New inputs go to Fuzz/.build/corpus/<target>/ (Fuzz/Corpus/ is only read); a crash, a
# failed property, a leak or a timeout stops that target, leaves its input in
# Fuzz/.build/artifacts/ and makes the script fail after the others have run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
all_targets=(http-request multipart urlencoded cookies http-date router mustache visual-format gettext)
targets=("${@:-${all_targets[@]}}")

Fuzz/build.sh "${targets[@]}"

# The Swift runtime's own crash backtracer would race libFuzzer's and ASan's reports.
export SWIFT_BACKTRACE=enable=no
mkdir -p Fuzz/.build/artifacts
failed=()
for target in "${targets[@]}"; do
  case $target in
    http-request|multipart) max_len=512 ;;
    mustache|gettext) max_len=600 ;;
    *) max_len=256 ;;
  esac
  work=Fuzz/.build/corpus/$target
  mkdir -p "$work"
  log=Fuzz/.build/$target.log
  status=0
  "Fuzz/.build/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="Fuzz/.build/artifacts/$target-" \
    "$work" "Fuzz/Corpus/$target" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  if [[ $status -eq 0 ]]; then
    printf 'fuzz: %-14s %12s executions (%s/s), no crashes\n' "$target" "${runs:-?}" "${rate:-?}"
  else
    printf 'fuzz: %-14s FAILED (exit %d), see %s\n' "$target" "$status" "$log"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*Fatal error|artifact_prefix)' "$log" | head -5 || true
    failed+=("$target")
  fi
done
if (( ${#failed[@]} )); then
  echo "fuzz: failures in ${failed[*]}" >&2
  exit 1
fi
