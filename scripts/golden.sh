#!/usr/bin/env bash
# Runs every golden program with bin/vxvm and reports which differ from their expectations.
# A quick loop for development; the JUnit parity matrix is the real check.
# VXVM_RUN_FLAGS adds options to every run, e.g. VXVM_RUN_FLAGS="--engine jit" scripts/golden.sh
root="$(cd "$(dirname "$0")/.." && pwd)"
pass=0; fail=0
for f in $(find "$root/conformance/programs" -name '*.vx' | sort); do
  grep -q '^# vx-test: library' "$f" && continue
  out="${f%.vx}.out"
  status=$(sed -n 's/^# vx-test: status: *\([0-9]*\).*/\1/p' "$f" | head -1); status=${status:-0}
  args=$(sed -n 's/^# vx-test: args: *//p' "$f" | head -1)
  flags=$(sed -n 's/^# vx-test: flags: *//p' "$f" | head -1)
  actual=$(cd "$(dirname "$f")" && timeout 60 "$root/bin/vxvm" run ${VXVM_RUN_FLAGS:-} $flags "$(basename "$f")" -- $args 2>/tmp/golden.err); st=$?
  ok=1
  [ "$st" = "$status" ] || ok=0
  [ "$actual" = "$(cat "$out")" ] || ok=0
  while IFS= read -r frag; do grep -qF -- "$frag" /tmp/golden.err || ok=0; done < <(sed -n 's/^# vx-test: stderr-contains: *//p' "$f")
  if [ $ok = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL ${f#$root/} (status $st, want $status)"; [ -n "${VERBOSE:-}" ] && { head -c 600 /tmp/golden.err; echo "--- got:"; echo "$actual" | head -5; echo "--- want:"; head -5 "$out"; }; fi
done
echo "passed $pass, failed $fail"
