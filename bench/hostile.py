#!/usr/bin/env python3
"""The hostile-input harness: `python3 bench/hostile.py` from a fresh clone.

Builds the tool and the generator (`examples/hostile/`) in release mode,
finding both through `cargo build --message-format json` (so that
CARGO_TARGET_DIR is honoured), then for every case of the grammar and every
size n of --sizes writes the case at n and at 4n, lints each once with
`--message-format json` (and once more with --no-prefilter when
--no-prefilter-too is given), and records the exit status, the wall time and
the peak RSS (from wait4). A run that ends by a signal, exits other than 0, 1
or 2, or exceeds --timeout fails the case; so does a 4n run that takes more
than --ratio times the time or the memory of the n run (times under
--floor seconds and memory under --floor-mib MiB count as the floor: they
measure start-up, not growth). Prints a Markdown table and exits 1 if any
case failed.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build():
    """The paths of the release tool and generator, as cargo built them."""
    args = ["cargo", "build", "--release", "--locked", "--message-format", "json",
            "--bin", "cargo-budget-lint", "--example", "hostile"]
    print("+", " ".join(args), file=sys.stderr)
    done = subprocess.run(args, cwd=ROOT, stdout=subprocess.PIPE, check=True, text=True)
    found = {}
    for line in done.stdout.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message.get("executable"):
            found[message["target"]["name"]] = message["executable"]
    return found["cargo-budget-lint"], found["hostile"]


def run(args, timeout):
    """Exit status (negative for a signal), wall seconds, peak RSS MiB, stderr."""
    with tempfile.TemporaryFile() as err:
        started = time.monotonic()
        child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        deadline = started + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.01)
        wall = time.monotonic() - started
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        err.seek(0)
        message = err.read().decode("utf-8", "replace").strip().splitlines()
    return code, wall, usage.ru_maxrss / 1024, message[-1] if message else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50000",
                        help="comma-separated n; each runs at n and 4n (default 50000)")
    parser.add_argument("--cases", default="", help="comma-separated case names (default all)")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--ratio", type=float, default=5.0)
    parser.add_argument("--floor", type=float, default=0.25)
    parser.add_argument("--floor-mib", type=float, default=64)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-prefilter-too", action="store_true")
    parser.add_argument("--only-no-prefilter", action="store_true")
    parser.add_argument("--binaries", nargs=2, metavar=("TOOL", "GENERATOR"),
                        help="use these builds instead of building")
    options = parser.parse_args()
    tool, generator = options.binaries or build()
    cases = options.cases.split(",") if options.cases else subprocess.run(
        [generator, "list"], stdout=subprocess.PIPE, check=True, text=True).stdout.split()
    sizes = [int(s) for s in options.sizes.split(",")]
    modes = [[]] + ([["--no-prefilter"]] if options.no_prefilter_too else [])
    if options.only_no_prefilter:
        modes = [["--no-prefilter"]]
    rows = []
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for case in cases:
            for n in sizes:
                for mode in modes:
                    cells = []
                    for size in (n, 4 * n):
                        directory = os.path.join(scratch, f"{case}-{size}")
                        subprocess.run([generator, "write", directory, case, str(size)],
                                       check=True)
                        cells.append(run([tool, "-j", str(options.jobs), "--message-format",
                                          "json"] + mode + [directory], options.timeout))
                        subprocess.run(["rm", "-rf", directory], check=True)
                    (code_n, wall_n, rss_n, _), (code_4n, wall_4n, rss_4n, message) = cells
                    time_ratio = max(wall_4n, options.floor) / max(wall_n, options.floor)
                    rss_ratio = max(rss_4n, options.floor_mib) / max(rss_n, options.floor_mib)
                    problems = []
                    for size, (code, wall, _, _) in zip((n, 4 * n), cells):
                        if code < 0:
                            problems.append(f"{size}: killed by {signal.Signals(-code).name}")
                        elif code not in (0, 1, 2):
                            problems.append(f"{size}: exit {code}")
                        if wall > options.timeout:
                            problems.append(f"{size}: over {options.timeout:.0f} s")
                    if time_ratio > options.ratio:
                        problems.append(f"time x{time_ratio:.1f}")
                    if rss_ratio > options.ratio:
                        problems.append(f"memory x{rss_ratio:.1f}")
                    failed += bool(problems)
                    label = case + (" " + " ".join(mode) if mode else "")
                    rows.append((label, n, cells, time_ratio, rss_ratio, problems, message))
                    print(f"{label} {n}: {cells} {problems}", file=sys.stderr)
    print(f"sizes n = {options.sizes} (each run at n and 4n); threads: {options.jobs}; "
          f"growth ratios count times under {options.floor} s and memory under "
          f"{options.floor_mib:.0f} MiB as that floor\n")
    print("| case | n | exit n, 4n | time n | time 4n | x | peak RSS n | peak RSS 4n | x "
          "| verdict |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for label, n, cells, time_ratio, rss_ratio, problems, _ in rows:
        (code_n, wall_n, rss_n, _), (code_4n, wall_4n, rss_4n, _) = cells
        verdict = "; ".join(problems) if problems else "ok"
        print(f"| {label} | {n} | {code_n}, {code_4n} | {wall_n:.2f} s | {wall_4n:.2f} s "
              f"| {time_ratio:.1f} | {rss_n:.0f} MiB | {rss_4n:.0f} MiB | {rss_ratio:.1f} "
              f"| {verdict} |")
    if failed:
        print(f"\n{failed} of {len(rows)} failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
