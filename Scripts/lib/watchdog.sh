# A bound on each `swift test` run of Scripts/test. A test that hangs fails the run within the
# bound, and the run names the tests that started and never ended, instead of holding CI until its
# own limit with nothing said. stdbuf has SwiftPM pass each line on as it comes (to a pipe it
# would otherwise keep the last few kilobytes until it exits), so the log holds every line up to
# the hang.

# Usage: run_bounded NAME MINUTES swift test ARGUMENTS…
run_bounded() {
    local name="$1" minutes="$2"
    shift 2
    local log
    log="$(mktemp "/tmp/homeroom-$name.XXXXXX.log")"
    local status=0
    timeout --kill-after=30 "$((minutes * 60))" stdbuf -oL -eL "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
    if [ "$status" = 124 ] || [ "$status" = 137 ]; then
        echo "== the $name tests did not end within $minutes minutes; these started and never ended:" >&2
        unfinished_tests "$log" | sed 's/^/   /' >&2
    fi
    rm -f "$log"
    return "$status"
}

# The tests a Swift Testing log says started and does not say passed or failed.
unfinished_tests() {
    comm -23 \
        <(sed -n -E 's/^◇ Test ([^ ]+\([^ ]*\)) started\.$/\1/p' "$1" | sort -u) \
        <(sed -n -E 's/^(✔|✘|━) Test ([^ ]+\([^ ]*\)) (with [0-9]+ test cases? )?(passed|failed) .*/\2/p' "$1" | sort -u)
}
