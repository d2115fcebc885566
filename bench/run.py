#!/usr/bin/env python3
"""The benchmark harness: `python3 bench/run.py` from a fresh clone.

Vendors the pinned corpus (bench/Cargo.toml, bench/Cargo.lock) into
bench/corpus/ with `cargo vendor` when it is missing, makes 2x and 4x copies
under bench/scale/, builds the tool and the parse floor in release mode, and
at each scale runs, interleaved, the median of --runs runs of
  (a) the floor: read and syn-parse every .rs file, nothing else,
  (b) cargo budget-lint PATH...,
  (c) the same with --no-prefilter,
all with the same thread count. It checks that (b) and (c) report the same
findings and prints a Markdown table: wall time, MB/s, peak RSS, b/a, and
the time of each scale relative to 1x.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
CORPUS = os.path.join(BENCH, "corpus")
SCALE = os.path.join(BENCH, "scale")


def sh(args, **kwargs):
    print("+", " ".join(args), file=sys.stderr)
    subprocess.run(args, check=True, **kwargs)


def prepare(scales):
    if not os.path.isdir(CORPUS):
        sh(["cargo", "vendor", "--locked", "--versioned-dirs",
            "--manifest-path", os.path.join(BENCH, "Cargo.toml"), CORPUS],
           stdout=subprocess.DEVNULL)
    for copy in range(2, max(scales) + 1):
        target = os.path.join(SCALE, f"copy{copy}")
        if not os.path.isdir(target):
            shutil.copytree(CORPUS, target, symlinks=True)
    # The paths cargo reports, so that CARGO_TARGET_DIR is honoured.
    args = ["cargo", "build", "--release", "--locked", "--message-format", "json",
            "--bin", "cargo-budget-lint", "--example", "parse_floor"]
    print("+", " ".join(args), file=sys.stderr)
    built = subprocess.run(args, cwd=ROOT, stdout=subprocess.PIPE, check=True, text=True)
    found = {}
    for line in built.stdout.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message.get("executable"):
            found[message["target"]["name"]] = message["executable"]
    return found["cargo-budget-lint"], found["parse_floor"]


def paths(scale):
    return [CORPUS] + [os.path.join(SCALE, f"copy{c}") for c in range(2, scale + 1)]


def corpus_bytes(roots):
    total = 0
    for root in roots:
        for directory, _, files in os.walk(root):
            total += sum(os.path.getsize(os.path.join(directory, f))
                         for f in files if f.endswith(".rs"))
    return total


def measure(args):
    """Wall seconds and peak RSS (MiB) of one run, with its stdout."""
    with tempfile.NamedTemporaryFile("r") as rss:
        started = time.monotonic()
        done = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", rss.name] + args,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wall = time.monotonic() - started
        if done.returncode not in (0, 1):
            sys.exit(f"{' '.join(args)} exited {done.returncode}: {done.stderr}")
        peak = int(rss.read().strip().splitlines()[-1]) / 1024
    return wall, peak, done.stdout


def findings(stdout):
    return json.loads(stdout)["findings"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scales", default="1,2,4")
    options = parser.parse_args()
    scales = [int(s) for s in options.scales.split(",")]
    tool, floor = prepare(scales)
    jobs = str(options.jobs)
    commands = {
        "a": lambda roots: [floor, "-j", jobs] + roots,
        "b": lambda roots: [tool, "-j", jobs, "--message-format", "json"] + roots,
        "c": lambda roots: [tool, "-j", jobs, "--message-format", "json",
                            "--no-prefilter"] + roots,
    }
    load_before = os.getloadavg()[0]
    rows = []
    for scale in scales:
        roots = paths(scale)
        size = corpus_bytes(roots) / 1e6
        samples = {key: [] for key in commands}
        outputs = {}
        for _ in range(options.runs):
            for key, command in commands.items():
                wall, peak, stdout = measure(command(roots))
                samples[key].append((wall, peak))
                outputs[key] = stdout
        if findings(outputs["b"]) != findings(outputs["c"]):
            sys.exit(f"{scale}x: the prefilter changed the findings")
        summary = json.loads(outputs["b"])["summary"]
        medians = {key: (statistics.median(w for w, _ in s), max(p for _, p in s))
                   for key, s in samples.items()}
        rows.append((scale, size, summary, medians))
        print(f"{scale}x done: {medians}", file=sys.stderr)
    base = {key: rows[0][3][key][0] for key in commands}
    print(f"threads: {jobs}; runs per cell: {options.runs} (median wall time, "
          f"largest peak RSS); 1-minute load average {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after\n")
    print("| corpus | files | MB | (a) parse floor | (b) budget-lint | (c) --no-prefilter "
          "| b/a | c/a | time vs 1x (a, b, c) | findings b = c |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for scale, size, summary, medians in rows:
        cells = []
        for key in commands:
            wall, peak = medians[key]
            cells.append(f"{wall:.2f} s, {size / wall:.0f} MB/s, {peak:.0f} MiB")
        ratios = ", ".join(f"{medians[k][0] / base[k]:.2f}" for k in commands)
        print(f"| {scale}x | {summary['files']} | {size:.0f} | " + " | ".join(cells)
              + f" | {medians['b'][0] / medians['a'][0]:.2f}"
              + f" | {medians['c'][0] / medians['a'][0]:.2f} | {ratios} | yes "
              + f"({summary['deny'] + summary['warn']}) |")


if __name__ == "__main__":
    main()
