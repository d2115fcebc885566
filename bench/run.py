#!/usr/bin/env python3
"""The benchmark harness: `python3 bench/run.py` from a fresh clone.

Vendors the pinned corpora when they are missing (`cargo vendor --locked
--versioned-dirs`, which needs the package registry once), builds the tool
and the parse floor in release mode, and measures each corpus:

  1x, 2x, 4x  the 8-crate corpus (bench/Cargo.toml, vendored into
              bench/corpus/) and byte-identical copies of it under
              bench/scale/, linted together;
  many        the many-crates corpus: bench/many/Cargo.toml,
              realworld/Cargo.toml and bench/Cargo.toml with all their
              dependencies, vendored together into bench/many/vendor/;
  registry    the registry-like corpus: several releases of the same
              popular crates (bench/registry/*/Cargo.toml, bench/Cargo.toml
              and bench/many/Cargo.toml), vendored together into
              bench/registry/vendor/, so that many crates are there in two
              or three versions.
  many/N      a sample of many: every Nth crate in name order;
  registry/N  a sample of registry: every version of every Nth crate name
              that it holds in two or more versions.

For each corpus it runs, interleaved, --runs times
  (a) the floor: read and syn-parse every .rs file, nothing else,
  (b) cargo budget-lint PATH..., cold: with an empty facts cache,
  (c) the same with --no-prefilter --no-cache,
  (w) (b) again, warm: with the cache (b) left, nothing changed,
  (e) (b) again with that cache after one file was edited (a line added
      at its end; the file is restored afterwards),
all with the same thread count, and it fails unless (b), (c), (w), (e) and
a run with --no-cache report the same findings. It prints a Markdown
table: median wall time, MB/s, largest peak RSS, b/a, c/a, w/b and e/b.

A tool without a facts cache (`--tool` naming an older binary) is measured
for (a), (b) and (c) only.
"""

import argparse
import json
import os
import re
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
MANY = os.path.join(BENCH, "many")
REGISTRY = os.path.join(BENCH, "registry")
# The parse floor measured beside a --tool, unless --floor names another.
FLOOR = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")),
                     "release", "examples", "parse_floor")

# Each vendored corpus: its directory and the manifests vendored into it,
# the first one's lockfile and the others' pinning every version.
VENDORED = {
    "many": (os.path.join(MANY, "vendor"),
             [os.path.join(MANY, "Cargo.toml"),
              os.path.join(ROOT, "realworld", "Cargo.toml"),
              os.path.join(BENCH, "Cargo.toml")]),
    "registry": (os.path.join(REGISTRY, "vendor"),
                 [os.path.join(REGISTRY, "older", "Cargo.toml"),
                  os.path.join(REGISTRY, "oldest", "Cargo.toml"),
                  os.path.join(BENCH, "Cargo.toml"),
                  os.path.join(MANY, "Cargo.toml")]),
}

# The file each corpus edits for (e): one that the tool parses, in a crate
# with budget fields. A sample not named here edits the `src/lib.rs` of its
# first crate.
EDITED = {
    "scale": os.path.join("tokio-1.54.1", "src", "runtime", "config.rs"),
    "many": os.path.join("tokio-1.54.1", "src", "runtime", "config.rs"),
    "registry": os.path.join("tokio-1.54.1", "src", "runtime", "config.rs"),
    "many/8": os.path.join("h2-0.3.27", "src", "proto", "settings.rs"),
    "registry/8": os.path.join("regex-1.13.2", "src", "builders.rs"),
}


def sh(args, **kwargs):
    print("+", " ".join(args), file=sys.stderr)
    subprocess.run(args, check=True, **kwargs)


def vendor(directory, manifests):
    if os.path.isdir(directory):
        return
    args = ["cargo", "vendor", "--locked", "--versioned-dirs",
            "--manifest-path", manifests[0]]
    for manifest in manifests[1:]:
        args += ["--sync", manifest]
    sh(args + [directory], stdout=subprocess.DEVNULL)


def prepare(corpora, build):
    vendor(CORPUS, [os.path.join(BENCH, "Cargo.toml")])
    scales = [int(c[:-1]) for c in corpora if c.endswith("x")]
    for copy in range(2, max(scales, default=1) + 1):
        target = os.path.join(SCALE, f"copy{copy}")
        if not os.path.isdir(target):
            shutil.copytree(CORPUS, target, symlinks=True)
    for name in {vendored_name(c) for c in corpora}:
        if name in VENDORED:
            vendor(*VENDORED[name])
    if not build:
        return None, None
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


def vendored_name(corpus):
    """The vendored corpus a corpus or a sample of one (`many/8`) reads."""
    return corpus.split("/")[0]


def is_corpus(corpus):
    if corpus.endswith("x"):
        return corpus[:-1].isdigit()
    name, _, step = corpus.partition("/")
    return name in VENDORED and (not step or step.isdigit() and int(step) > 0)


def sampled(name, step):
    """Every `step`th crate of a vendored corpus (see the docstring)."""
    crates = sorted(os.listdir(VENDORED[name][0]))
    if name == "many":
        return crates[::step]
    versions = {}
    for crate in crates:
        match = re.match(r"(.+?)-(\d+\.\d+\.\d+.*)$", crate)
        versions.setdefault(match.group(1) if match else crate, []).append(crate)
    names = sorted(n for n, v in versions.items() if len(v) >= 2)
    return [crate for n in names[::step] for crate in versions[n]]


def roots_of(corpus):
    if corpus.endswith("x"):
        scale = int(corpus[:-1])
        return [CORPUS] + [os.path.join(SCALE, f"copy{c}") for c in range(2, scale + 1)]
    name, _, step = corpus.partition("/")
    if step:
        return [os.path.join(VENDORED[name][0], c) for c in sampled(name, int(step))]
    return [VENDORED[name][0]]


def edited_file(corpus):
    if corpus.endswith("x"):
        return os.path.join(CORPUS, EDITED["scale"])
    if corpus in EDITED:
        return os.path.join(VENDORED[vendored_name(corpus)][0], EDITED[corpus])
    return os.path.join(roots_of(corpus)[0], "src", "lib.rs")


def corpus_size(corpus, roots):
    total, crates = 0, 0
    for root in roots:
        if "/" in corpus:
            crates += 1
        else:
            crates += sum(1 for entry in os.scandir(root) if entry.is_dir())
        for directory, _, files in os.walk(root):
            total += sum(os.path.getsize(os.path.join(directory, f))
                         for f in files if f.endswith(".rs"))
    return total, crates


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


def has_cache(tool):
    done = subprocess.run([tool, "--help"], stdout=subprocess.PIPE, text=True)
    return "--no-cache" in done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--corpora", default="1x,2x,4x,many,registry",
                        help="comma-separated: 1x, 2x, 4x, many, registry, "
                             "many/N, registry/N")
    parser.add_argument("--tool", help="measure this binary (no build)")
    parser.add_argument("--floor", help="the parse floor binary (no build)")
    parser.add_argument("--roots", action="store_true",
                        help="print the directories each corpus lints, "
                             "one a line, and measure nothing")
    options = parser.parse_args()
    corpora = options.corpora.split(",")
    for corpus in corpora:
        if not is_corpus(corpus):
            sys.exit(f"unknown corpus `{corpus}`")
    if options.roots:
        for corpus in corpora:
            print("\n".join(roots_of(corpus)))
        return
    tool, floor = prepare(corpora, build=not options.tool)
    tool = options.tool or tool
    floor = options.floor or floor or FLOOR
    cached = has_cache(tool)
    jobs = str(options.jobs)
    cache_dir = tempfile.mkdtemp(prefix="budget-lint-bench-cache-")
    lint = [tool, "-j", jobs, "--message-format", "json"]
    commands = {"a": lambda roots: [floor, "-j", jobs] + roots}
    if cached:
        commands["b"] = lambda roots: lint + ["--cache-dir", cache_dir] + roots
        commands["c"] = lambda roots: lint + ["--no-prefilter", "--no-cache"] + roots
        commands["w"] = commands["b"]
        commands["e"] = commands["b"]
    else:
        commands["b"] = lambda roots: lint + roots
        commands["c"] = lambda roots: lint + ["--no-prefilter"] + roots
    load_before = os.getloadavg()[0]
    rows = []
    try:
        for corpus in corpora:
            roots = roots_of(corpus)
            size, crates = corpus_size(corpus, roots)
            size /= 1e6
            edited = edited_file(corpus)
            samples = {key: [] for key in commands}
            outputs = {}
            loads = []
            for _ in range(options.runs):
                for key, command in commands.items():
                    if key == "b":
                        shutil.rmtree(cache_dir, ignore_errors=True)
                    if key == "e":
                        with open(edited, "rb") as f:
                            original = f.read()
                        with open(edited, "ab") as f:
                            f.write(b"\n// edited by bench/run.py\n")
                    try:
                        wall, peak, stdout = measure(command(roots))
                    finally:
                        if key == "e":
                            with open(edited, "wb") as f:
                                f.write(original)
                    samples[key].append((wall, peak))
                    outputs[key] = stdout
                loads.append(os.getloadavg()[0])
            if cached:
                _, _, uncached = measure(lint + ["--no-cache"] + roots)
                outputs["n"] = uncached
            reference = findings(outputs["b"])
            for key, stdout in outputs.items():
                if key != "a" and findings(stdout) != reference:
                    sys.exit(f"{corpus}: ({key}) reports other findings than (b)")
            summary = json.loads(outputs["b"])["summary"]
            medians = {key: (statistics.median(w for w, _ in s), max(p for _, p in s))
                       for key, s in samples.items()}
            rows.append((corpus, crates, size, summary, medians, loads))
            print(f"{corpus} done: {medians}", file=sys.stderr)
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    print(f"threads: {jobs}; runs per cell: {options.runs} (median wall time, "
          f"largest peak RSS); 1-minute load average {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after\n")
    header = ("| corpus | crates | files | MB | (a) parse floor | (b) budget-lint "
              "| (c) --no-prefilter | b/a | c/a |")
    rule = "|---|---|---|---|---|---|---|---|---|"
    if cached:
        header += " (w) warm, unchanged | w/b | (e) warm, one file edited | e/b |"
        rule += "---|---|---|---|"
    print(header + " findings equal | load average |")
    print(rule + "---|---|")
    for corpus, crates, size, summary, medians, loads in rows:
        def cell(key):
            wall, peak = medians[key]
            return f"{wall:.2f} s, {size / wall:.0f} MB/s, {peak:.0f} MiB"
        line = (f"| {corpus} | {crates} | {summary['files']} | {size:.0f} | {cell('a')} "
                f"| {cell('b')} | {cell('c')} | {medians['b'][0] / medians['a'][0]:.2f} "
                f"| {medians['c'][0] / medians['a'][0]:.2f} |")
        if cached:
            line += (f" {cell('w')} | {medians['w'][0] / medians['b'][0]:.2f} "
                     f"| {cell('e')} | {medians['e'][0] / medians['b'][0]:.2f} |")
        line += (f" yes ({summary['deny'] + summary['warn']}) "
                 f"| {min(loads):.2f}-{max(loads):.2f} |")
        print(line)


if __name__ == "__main__":
    main()
