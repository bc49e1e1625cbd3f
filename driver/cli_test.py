#!/usr/bin/env python3
"""cli_test.py TIGERC SOURCE_DIR - the command-line contract graders depend on.

Checks, on the project's own demo programs:
  - a bad command line exits 64, unreadable input 74;
  - every --emit stage prints something, exits 0, and prints byte-identical output twice;
  - every -dot stage's output (ir-dot, cfg-dot, blocks-dot, pto-dot, pto-cft-dot) is
    accepted by `dot -Tsvg` (when dot exists);
  - --stats, --time-passes and --explain=canon write to stderr, --explain=canon-dot the
    same entries with its trees as digraphs; "-" reads stdin;
  - --run-at at every stage and --book print the same;
  - --from reads dumps back: usage errors (64), a malformed dump (66), a dump that
    breaks its stage's invariants under --verify (68, each violation at its line),
    runs and drawings from dumps;
  - --from=pto-ssa reads ptoext's SSA form back: printed again byte for byte, its MLIR
    that of the program, run as the program runs (and through MLIR when MLIR 19 is
    installed); usage errors (64) for what it does not go on to; a malformed dump 66; a
    broken invariant 68 at its line, checked before a run or MLIR, with --verify, or
    with no output asked for, not when only printing it back; its run's calls-view
    effects, --stats and --inputs records are the tree interpreter's, an empty loop
    meets its step limit (71); --measure=iter-args
    counts the scf.for loops with iter_args of its MLIR, the same from the program;
  - --from=pto-cft reads the structured IR after CtrlFlowTransform: printed again byte
    for byte, run as the program runs; a break left is a broken invariant (68) at its
    line; MLIR, --measure and --run-at from it are usage errors (64);
  - --run-at=pto runs the structured IR as lowered (break and continue still in it):
    queens and a loop with break print what --run prints, with the same calls-view
    effects; with --from, --emit, --run-mlir or --measure, 64;
  - --locations: a `# L:C` line before each statement of ir, linear and traces, and
    nothing else changed; --from reads them back and prints them again; --verify on a
    broken dump names the line of the statement it rejects; with another --emit, 64;
  - --effects=FILE, --effects-hash, --effects-view: the same effects at every stage and
    from a dump, no output or --stats changed; without a run 64, unwritable file 73;
  - --inputs=DIR: one record per input, each what a run alone on it gives, and each
    input's own limits (steps, bytes, seconds: no input runs after a timeout); a dump that does not parse splits
    nothing (66); without a run, with "-" or --effects=FILE 64; no 0.in or a bad
    limits file 74;
  - --emit=mlir is clean SCF: no tig_enter, tig_leave, tig_arg, tig_step or name
    global; --emit=mlir --mlir-hooks has them and is the same text plus their lines,
    from Tiger or from --from=pto-ssa; the clean MLIR verifies and runs through
    mlir-opt-19 and mlir-cpu-runner-19 with libtigerrt.so to --run's stdout and status
    (skipped, saying so, without MLIR 19); --mlir-hooks without --emit=mlir 64;
  - --dialect and --profile: a bad dialect or one without a Tree IR dump 64; an
    unreadable profile 74, a malformed one 64 at its line; tigerc's IR printed in
    words of 4 bytes or in a profile without fp 64; an appel-ml dump is printed with MUL, read back to the same
    bytes and runs as --run; a dump not in its dialect's words 66 at its line.
Ends with "N passed, N failed".
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

STAGES = ["tokens", "ast", "ir", "ir-dot", "linear", "blocks", "traces", "cfg-dot",
          "blocks-dot", "pto", "pto-dot", "pto-cft", "pto-cft-dot", "pto-ssa", "mlir"]


def tigerc(exe, *args, stdin=b""):
    return subprocess.run([exe, *args], input=stdin, capture_output=True, timeout=120)


def checks(exe, src):
    demo = os.path.join(src, "testcases", "demo")
    prog = os.path.join(demo, "sum.tig")
    queens = os.path.join(demo, "queens.tig")
    yield "no arguments -> 64", tigerc(exe).returncode == 64
    yield "unknown option -> 64", tigerc(exe, "--frobnicate", prog).returncode == 64
    yield "bad --emit value -> 64", tigerc(exe, "--emit=nothing", prog).returncode == 64
    yield "bad --max-steps -> 64", tigerc(exe, "--max-steps=-3", prog).returncode == 64
    yield "two input files -> 64", tigerc(exe, prog, prog).returncode == 64
    yield "missing file -> 74", tigerc(exe, "/nonexistent/x.tig").returncode == 74
    yield "directory -> 74", tigerc(exe, demo).returncode == 74
    yield "--help -> 0", tigerc(exe, "--help").returncode == 0
    for stage in STAGES:
        a, b = tigerc(exe, "--emit=" + stage, queens), tigerc(exe, "--emit=" + stage, queens)
        yield "--emit=%s exits 0" % stage, a.returncode == 0 and a.stdout != b""
        yield "--emit=%s is deterministic" % stage, a.stdout == b.stdout
        if stage.endswith("dot") and shutil.which("dot"):
            d = subprocess.run(["dot", "-Tsvg"], input=a.stdout, capture_output=True)
            yield "dot accepts --emit=%s" % stage, d.returncode == 0
    outs = [tigerc(exe, "--verify", "--run-at=" + s, queens).stdout for s in ("ir", "linear", "traces")]
    outs.append(tigerc(exe, "--verify", "--book", "--run", queens).stdout)
    yield "queens prints the same at every stage", len(set(outs)) == 1 and b"92" in outs[0]
    r = tigerc(exe, "--run", "--stats", prog)
    yield "--stats counts on stderr", b"stats: steps" in r.stderr and r.stdout == b"30\n"
    r = tigerc(exe, "--time-passes", prog)
    yield "--time-passes on stderr", b"time: parse" in r.stderr
    r = tigerc(exe, "--explain=canon", "--emit=linear", prog)
    yield "--explain=canon logs rewrites", r.returncode == 0 and len(r.stderr) > 0
    yield from explain_dot_checks(exe, queens)
    r = tigerc(exe, "--run", "-", stdin=b"printi(6 * 7)")
    yield "'-' reads stdin", r.returncode == 0 and r.stdout == b"42"
    r = tigerc(exe, "--run", "-", stdin=b"exit(3)")
    yield "exit(n) gives n", r.returncode == 3
    yield from from_checks(exe, queens)
    yield from ssa_checks(exe, queens)
    yield from location_checks(exe, queens)
    yield from effects_checks(exe, queens)
    yield from inputs_checks(exe)
    yield from mlir_hooks_checks(exe, queens)
    yield from dialect_checks(exe, queens)


HOOKS = (b"tig_enter", b"tig_leave", b"tig_arg", b"tig_step")
# A function, a for and a while loop, and an exit status of its own.
LOOPS = (b"let function f(n: int): int = n * 2 var s := 0 var i := 0 in "
         b"for k := 1 to 5 do s := s + f(k); while i < 3 do (i := i + 1; s := s + i); "
         b"printi(s); exit(3) end\n")


def hook_lines_removed(mlir):
    """The MLIR without the lines that name a hook or a function's name global, and
    the two constants after each address of a name (tig_enter's length and arity)."""
    out, skip = [], 0
    for l in mlir.splitlines(keepends=True):
        if skip:
            skip -= 1
        elif b"llvm.mlir.addressof @" in l and b".name " in l:
            skip = 2
        elif not any(h in l for h in HOOKS + (b".name",)):
            out.append(l)
    return b"".join(out)


def run_mlir_by_hand(exe, mlir, work):
    """mlir-opt-19 then mlir-cpu-runner-19 with the build's libtigerrt.so, as
    ptoext/README.md, "Running by hand", does: (verified, runner's result)."""
    src, low = os.path.join(work, "prog.mlir"), os.path.join(work, "prog.llvm.mlir")
    with open(src, "wb") as f:
        f.write(mlir)
    opt = subprocess.run(["mlir-opt-19", src, "--arith-expand", "--convert-scf-to-cf",
                          "--convert-to-llvm", "--reconcile-unrealized-casts", "-o", low],
                         capture_output=True, timeout=120)
    if opt.returncode != 0:
        return False, None
    build = os.path.dirname(os.path.abspath(exe))
    return True, subprocess.run(["mlir-cpu-runner-19", low, "-e", "main",
                                 "-entry-point-result=void", "--disable-lsr",
                                 "--shared-libs=" + os.path.join(build, "libtigerrt.so")],
                                capture_output=True, timeout=120, env=runner_env(build))


def runner_env(build):
    """The environment of mlir-cpu-runner-19: a sanitized build's libtigerrt.so (make
    sanitize, make fuzz) needs the ASan runtime preloaded, as --run-mlir does
    (ptoext/mlir_run.cc); the runtime is the one the top CMakeLists.txt asks the
    build's compiler for."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            cache = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line
                         and not line.startswith(("#", "//")))
    except OSError:
        return None
    if "ON" not in (cache.get("TIGER_SANITIZE:BOOL"), cache.get("TIGER_FUZZ:BOOL")):
        return None
    cxx = next(v for k, v in cache.items() if k.startswith("CMAKE_CXX_COMPILER:"))
    runtime = "libclang_rt.asan-x86_64.so" if "clang" in cxx else "libasan.so"
    path = subprocess.run([cxx, "-print-file-name=" + runtime], capture_output=True,
                          text=True).stdout.strip()
    return dict(os.environ, LD_PRELOAD=path, ASAN_OPTIONS="detect_leaks=0")


def dialect_checks(exe, queens):
    """--dialect and --profile: their bad values, files and places, and a dump of another
    course read, printed back and run (the whole round trip: grading.dialects)."""
    with tempfile.TemporaryDirectory() as tmp:
        def profile(name, text):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            return "--profile=" + path
        yield "--dialect=cobol -> 64", tigerc(exe, "--dialect=cobol", queens).returncode == 64
        r = tigerc(exe, "--dialect=appel-ml", "--run", queens)
        yield "--dialect without a Tree IR dump read or printed -> 64", (
            r.returncode == 64 and b"--dialect and --profile" in r.stderr)
        r = tigerc(exe, "--profile=/nonexistent/p.json", "--emit=traces", queens)
        yield "unreadable profile -> 74", r.returncode == 74 and b"profile" in r.stderr
        r = tigerc(exe, profile("bad.json", '{\n "word_size": "8"}'), "--emit=ir", queens)
        yield "malformed profile -> 64 at its line", (
            r.returncode == 64 and b"bad.json:2:15: error: expected a number" in r.stderr)
        r = tigerc(exe, "--dialect=appel-c", "--emit=traces", queens)
        yield "tigerc's IR printed in words of 4 bytes -> 64", (
            r.returncode == 64 and b"words of 8" in r.stderr)
        r = tigerc(exe, "--dialect=tiger-cpp", "--emit=traces", queens)
        yield "tigerc's IR printed in a profile without fp -> 64", (
            r.returncode == 64 and b"no frame pointer" in r.stderr)
        ml = profile("ml.json", '{"dialect": "appel-ml", "word_size": 8, "rv": "t1"}')
        dump = tigerc(exe, ml, "--emit=traces", queens).stdout
        back = tigerc(exe, ml, "--from=traces", "--emit=traces", "-", stdin=dump)
        ran = tigerc(exe, ml, "--from=traces", "--verify", "--run", "-", stdin=dump)
        yield "an appel-ml dump: MUL, read back to the same bytes, run as --run", (
            b"BINOP(MUL," in dump and back.stdout == dump
            and ran.stdout == tigerc(exe, "--run", queens).stdout)
        r = tigerc(exe, "--dialect=appel-ml", "--from=traces", "-",
                   stdin=b"PROC tigermain\n# formals: none; frame: 0 bytes\nEXP(CONST ~x)\n")
        yield "a dump that does not read in its dialect -> 66 at its line", (
            r.returncode == 66 and b"<stdin>:3:" in r.stderr)


def mlir_hooks_checks(exe, queens):
    """--emit=mlir prints clean SCF; --mlir-hooks the instrumented MLIR --run-mlir runs."""
    with tempfile.TemporaryDirectory() as work:
        loops = os.path.join(work, "loops.tig")
        with open(loops, "wb") as f:
            f.write(LOOPS)
        for prog in (queens, loops):
            name = os.path.basename(prog)
            clean = tigerc(exe, "--emit=mlir", prog)
            hooked = tigerc(exe, "--emit=mlir", "--mlir-hooks", prog)
            yield "--emit=mlir of %s names no hook" % name, clean.returncode == 0 and not any(
                h in clean.stdout for h in HOOKS + (b".name(",))
            yield "--emit=mlir --mlir-hooks of %s calls every hook" % name, (
                hooked.returncode == 0 and all(h in hooked.stdout for h in HOOKS))
            yield "--mlir-hooks of %s: the clean MLIR plus the hooks' lines" % name, (
                hook_lines_removed(hooked.stdout) == clean.stdout != hooked.stdout)
            ssa = tigerc(exe, "--emit=pto-ssa", prog).stdout
            again = [tigerc(exe, "--from=pto-ssa", "--emit=mlir", *more, "-", stdin=ssa).stdout
                     for more in ([], ["--mlir-hooks"])]
            yield "--from=pto-ssa --emit=mlir [--mlir-hooks] of %s: the same" % name, (
                again == [clean.stdout, hooked.stdout])
            if not (shutil.which("mlir-opt-19") and shutil.which("mlir-cpu-runner-19")):
                print("skip: clean MLIR run by hand (mlir-opt-19 / mlir-cpu-runner-19 not "
                      "installed)")
                continue
            verified, ran = run_mlir_by_hand(exe, clean.stdout, work)
            tree = tigerc(exe, "--run", prog)
            yield "the clean MLIR of %s verifies" % name, verified
            yield "the clean MLIR of %s runs as --run (stdout, status %d)" % (
                name, tree.returncode), (
                ran is not None and ran.stdout == tree.stdout
                and ran.returncode == tree.returncode)
    for bad in (["--mlir-hooks"], ["--mlir-hooks", "--emit=pto-ssa"],
                ["--mlir-hooks", "--run-mlir"], ["--mlir-hooks", "--run"]):
        r = tigerc(exe, *bad, queens)
        yield "%s -> 64" % " ".join(bad), r.returncode == 64 and b"--mlir-hooks" in r.stderr


def effects_checks(exe, queens):
    """--effects=FILE, --effects-hash, --effects-view: the same effects at every stage
    and through a dump; nothing else a run prints changes."""
    with tempfile.TemporaryDirectory() as tmp:
        def effects(*args, stdin=b""):
            path = os.path.join(tmp, "effects")
            r = tigerc(exe, "--effects=" + path, "--effects-hash", *args, stdin=stdin)
            with open(path, "rb") as f:
                return r, f.read()
        plain = tigerc(exe, "--run", "--stats", queens)
        r, log = effects("--run", "--stats", queens)
        yield "--effects changes no output and no --stats", (
            r.stdout == plain.stdout and r.stderr.startswith(plain.stderr))
        lines = log.decode().splitlines()
        yield "--effects: calls, rets, stores, the exit last", (
            lines[-1] == "exit 0" and any(l.startswith("store 0x") for l in lines)
            and any(l.startswith("call printi(") for l in lines) and "ret 0" in lines)
        yield "--effects-hash counts the lines", (
            ("effects: %d, hash " % len(lines)).encode() in r.stderr)
        hashes = {effects("--run-at=" + s, queens)[0].stderr.splitlines()[-1]
                  for s in ("ir", "linear", "traces")}
        dump = tigerc(exe, "--emit=linear", queens).stdout
        hashes.add(effects("--from=linear", "--run", "-", stdin=dump)[0].stderr.splitlines()[-1])
        yield "the same effects at every stage and from a dump", len(hashes) == 1
        r, log = effects("--run", "--effects-view=calls", queens)
        yield "--effects-view=calls: no store, no ret, addresses as _", (
            b"store" not in log and b"ret " not in log and b"call print(_)" in log)
        ml8 = os.path.join(tmp, "ml8.json")  # the ML edition's words, 8-byte words
        with open(ml8, "w") as f:
            f.write('{"dialect": "appel-ml", "word_size": 8}')
        ml = tigerc(exe, "--emit=linear", "--profile=" + ml8, queens).stdout
        r, log = effects("--from=linear", "--profile=" + ml8, "--run",
                         "--effects-view=builtins", "-", stdin=ml)
        own, _ = effects("--run", "--effects-view=builtins", queens)
        yield "--effects-view=builtins: the builtins' calls and the exit alone, the same " \
            "from another dialect's words", (
                set(l.split("(")[0] for l in log.decode().splitlines()[:-1]) ==
                {"call print", "call printi"} and own.stderr.splitlines()[-1] ==
                r.stderr.splitlines()[-1])
    yield "--effects without a run -> 64", tigerc(exe, "--effects=x", queens).returncode == 64
    yield "--effects-view=bad -> 64", tigerc(exe, "--run", "--effects-view=x", queens).returncode == 64
    r = tigerc(exe, "--run", "--effects=/nonexistent/dir/e", queens)
    yield "--effects to an unwritable file -> 73", r.returncode == 73 and b"cannot write" in r.stderr


READS = b"""let var c := getchar() in
  if c = "x" then exit(3) else if c = "l" then while 1 do () else
  if c = "p" then for i := 1 to 1000 do print("many") else
  for i := 1 to ord(c) - ord("0") do printi(i) end"""
RECORD = re.compile(rb"tigerrt input (\d+): (exit \d+|signal \d+|timeout) (\d+) (\d+)\n")


def records(out):
    """The (status, stdout, stderr) of each record of a --inputs run's stdout, in order."""
    got, at = [], 0
    while at < len(out):
        m = RECORD.match(out, at)
        if not m or int(m.group(1)) != len(got):
            return None
        o, e = m.end() + int(m.group(3)), m.end() + int(m.group(3)) + int(m.group(4))
        got.append((m.group(2), out[m.end():o], out[o:e]))
        at = e
    return got


def inputs_checks(exe):
    """--inputs=DIR: each input's record is its own run, each with its own limits."""
    with tempfile.TemporaryDirectory() as tmp:
        prog, folder = os.path.join(tmp, "reads.tig"), os.path.join(tmp, "in")
        os.mkdir(folder)
        with open(prog, "wb") as f:
            f.write(READS)
        dump = os.path.join(tmp, "reads.linear")
        with open(dump, "wb") as f:
            f.write(tigerc(exe, "--emit=linear", prog).stdout)
        stdins = [b"3", b"x", b"9", b"p", b"2", b"l", b"1"]
        limits = {2: "5 1000 40", 3: "5 100", 5: "0.3 1000"}
        for k, stdin in enumerate(stdins):
            with open(os.path.join(folder, "%d.in" % k), "wb") as f:
                f.write(stdin)
            if k in limits:
                with open(os.path.join(folder, "%d.limits" % k), "w") as f:
                    f.write(limits[k] + "\n")
        # --max-steps=0: input 5 loops until its 0.3 s, however fast the machine (the
        # default 100000000 steps can take less); input 2's own STEPS still holds.
        r = tigerc(exe, "--from=linear", "--run", "--stats", "--max-steps=0",
                   "--inputs=" + folder, dump)
        got = records(r.stdout) or []
        alone = [tigerc(exe, "--from=linear", "--run", "--stats", dump, stdin=stdins[k])
                 for k in (0, 1, 4)]
        yield "--inputs: a record an input, exit 0", r.returncode == 0 and len(got) == 6
        yield "--inputs: each record is the run alone on its input", len(got) == 6 and all(
            got[k] == (b"exit %d" % a.returncode, a.stdout, a.stderr)
            for k, a in zip((0, 1, 4), alone))
        yield "--inputs: an input's STEPS limit", len(got) == 6 and got[2][0] == b"exit 71" \
            and b"step limit of 40" in got[2][2]
        yield "--inputs: an input's BYTES (SIGXFSZ)", len(got) == 6 and got[3][0] == b"signal 25"
        yield "--inputs: an input's SECONDS, no input run after it", (
            len(got) == 6 and got[5][0] == b"timeout")
        r = tigerc(exe, "--from=linear", "--run", "--inputs=" + folder, prog)
        yield "--inputs on a dump that does not parse -> 66, no record", (
            r.returncode == 66 and r.stdout == b"")
        yield "--inputs without a run -> 64", tigerc(
            exe, "--inputs=" + folder, prog).returncode == 64
        yield "--inputs with '-' -> 64", tigerc(
            exe, "--run", "--inputs=" + folder, "-", stdin=READS).returncode == 64
        yield "--inputs with --effects=FILE -> 64", tigerc(
            exe, "--run", "--effects=" + os.path.join(tmp, "e"), "--inputs=" + folder,
            prog).returncode == 64
        r = tigerc(exe, "--run", "--inputs=" + tmp, prog)
        yield "--inputs on a folder without 0.in -> 74", r.returncode == 74 and b"0.in" in r.stderr
        with open(os.path.join(folder, "1.limits"), "w") as f:
            f.write("soon\n")
        r = tigerc(exe, "--run", "--inputs=" + folder, prog)
        yield "--inputs with a bad limits file -> 74", r.returncode == 74 and (
            b"SECONDS BYTES" in r.stderr)


def explain_dot_checks(exe, prog):
    """--explain=canon-dot: the entries of --explain=canon, each tree a digraph dot reads."""
    def entries(log):
        return [line for line in log.splitlines() if line.startswith(b"canon: ")]
    printed = tigerc(exe, "--explain=canon", "--emit=linear", prog).stderr
    r = tigerc(exe, "--explain=canon-dot", "--emit=linear", prog)
    yield "--explain=canon-dot logs the same entries", (
        r.returncode == 0 and b"  before:\n" in printed and entries(r.stderr) == entries(printed))
    first = r.stderr.split(b"  before:\n", 1)[-1].split(b"  after:\n", 1)[0]
    yield "--explain=canon-dot draws each tree", first.startswith(b"  digraph \"before\" {\n")
    if shutil.which("dot"):
        d = subprocess.run(["dot", "-Tsvg"], input=first, capture_output=True)
        yield "dot accepts a tree of --explain=canon-dot", d.returncode == 0


def measure_checks(exe, linear):
    """--measure=temps: the reader's count, the same for any spacing of the dump, the same
    as the distinct `TEMP tN` of the reference's own dump; --stats unchanged beside it."""
    names = set(re.findall(rb"TEMP (t\d+)", linear))
    count = lambda dump: re.findall(rb"measure: temps (\d+)\n", tigerc(
        exe, "--from=linear", "--measure=temps", "-", stdin=dump).stderr)
    yield "--measure=temps counts the distinct temps", count(linear) == [b"%d" % len(names)]
    spaced = linear.replace(b"TEMP t", b"TEMP  t").replace(b"\n ", b"\n\t ")
    yield "--measure=temps reads TEMP  t5 like TEMP t5", count(spaced) == count(linear)
    plain = tigerc(exe, "--from=linear", "--run", "--stats", "-", stdin=linear)
    both = tigerc(exe, "--from=linear", "--run", "--stats", "--measure=temps", "-", stdin=linear)
    yield "--stats stays byte-identical beside --measure", (
        both.stdout == plain.stdout and both.stderr.startswith(plain.stderr))
    yield "--measure=steps -> 64", tigerc(exe, "--measure=steps", "-", stdin=linear).returncode == 64


def from_checks(exe, queens):
    """--from=STAGE: the dumps of queens, read back, and dumps broken on purpose."""
    dumps = {s: tigerc(exe, "--emit=" + s, queens).stdout for s in ("ir", "linear", "traces")}
    for bad in (["--from=linear", "--emit=ir"], ["--from=traces", "--run-at=linear"],
                ["--from=ir", "--emit=ast"], ["--from=ir", "--emit=pto-dot"],
                ["--from=ir", "--run-mlir"], ["--from=asm"]):
        yield "%s -> 64" % " ".join(bad), tigerc(exe, *bad, "-", stdin=dumps["ir"]).returncode == 64
    r = tigerc(exe, "--from=linear", "--run", "-", stdin=dumps["linear"])
    yield "--from=linear --run runs queens", r.returncode == 0 and b"92" in r.stdout
    r = tigerc(exe, "--from=ir", "--emit=traces", "-", stdin=dumps["ir"])
    yield "--from=ir --emit=traces schedules the dump", r.returncode == 0 and b"CJUMP" in r.stdout
    r = tigerc(exe, "--from=linear", "--run", "--stats", "-", stdin=dumps["linear"])
    yield "--from with --stats", b"stats: steps" in r.stderr
    yield from measure_checks(exe, dumps["linear"])
    r = tigerc(exe, "--from=traces", "--emit=cfg-dot", "-", stdin=dumps["traces"])
    yield "--from=traces --emit=cfg-dot draws the dump's order", (
        r.returncode == 0 and r.stdout == tigerc(exe, "--emit=cfg-dot", queens).stdout)
    r = tigerc(exe, "--from=ir", "--run", "-", stdin=dumps["ir"].replace(b"MOVE(", b"MOVE((", 1))
    yield "malformed dump -> 66 with a located error", (
        r.returncode == 66 and r.stderr.startswith(b"<stdin>:") and b": error: expected" in r.stderr)
    r = tigerc(exe, "--from=linear", "--verify", "--run", "-", stdin=dumps["ir"])
    yield "--verify: IR trees are not canonical linear code -> 68", (
        r.returncode == 68 and b"a SEQ is left" in r.stderr and b"in PROC" in r.stderr)
    r = tigerc(exe, "--from=traces", "--verify", "--run", "-", stdin=dumps["linear"])
    yield "--verify: linear code is not traces -> 68", r.returncode == 68 and b"checkTraces" in r.stderr
    yield from located_checks(exe, dumps["traces"])


def ssa_checks(exe, queens):
    """--from=pto-ssa: queens' SSA form read back, and broken on purpose."""
    dump = tigerc(exe, "--emit=pto-ssa", queens).stdout
    for bad in (["--emit=ir"], ["--emit=pto-cft"], ["--run-at=traces"],
                ["--run", "--measure=temps"]):
        r = tigerc(exe, "--from=pto-ssa", *bad, "-", stdin=dump)
        yield "--from=pto-ssa %s -> 64" % " ".join(bad), r.returncode == 64
    again = tigerc(exe, "--from=pto-ssa", "--verify", "--emit=pto-ssa", "-", stdin=dump)
    yield "--from=pto-ssa --emit=pto-ssa prints queens again", (
        again.returncode == 0 and again.stdout == dump)
    mlir = tigerc(exe, "--from=pto-ssa", "--emit=mlir", "-", stdin=dump)
    yield "--from=pto-ssa --emit=mlir is queens' MLIR", (
        mlir.returncode == 0 and mlir.stdout == tigerc(exe, "--emit=mlir", queens).stdout)
    runs = [tigerc(exe, "--from=pto-ssa", "--run", "-", stdin=dump), tigerc(exe, "--run", queens)]
    if shutil.which("mlir-opt-19"):
        runs.append(tigerc(exe, "--from=pto-ssa", "--run-mlir", "-", stdin=dump))
    yield "--from=pto-ssa runs queens (%d ways)" % len(runs), all(
        r.returncode == 0 and r.stdout == runs[1].stdout for r in runs) and b"92" in runs[1].stdout
    lines = dump.split(b"\n")
    k = lines.index(b"    rt.printi(pl.load(_fp__ssa_v0, 6))")
    lines[k] = b"    rt.printi(_t9__ssa_v0)"  # a use that nothing defines
    broken = b"\n".join(lines)
    r = tigerc(exe, "--from=pto-ssa", "--verify", "-", stdin=broken)
    yield "--from=pto-ssa --verify: the broken use at its line -> 68", (
        r.returncode == 68 and r.stderr.startswith(
            b"<stdin>:%d:5: error: --from=pto-ssa: in tigermain: SSAForm: _t9__ssa_v0 is used "
            b"out of its scope\n" % (k + 1)))
    for args in (["--run"], ["--emit=mlir"], []):
        r = tigerc(exe, "--from=pto-ssa", *args, "-", stdin=broken)
        yield "--from=pto-ssa %s checks first -> 68" % " ".join(args), r.returncode == 68
    r = tigerc(exe, "--from=pto-ssa", "--emit=pto-ssa", "-", stdin=broken)
    yield "--from=pto-ssa --emit=pto-ssa prints a broken dump back", (
        r.returncode == 0 and r.stdout == broken)
    r = tigerc(exe, "--from=pto-ssa", "--run", "-", stdin=dump.replace(b":\n", b"\n", 1))
    yield "--from=pto-ssa: a malformed dump -> 66 at its line", (
        r.returncode == 66 and r.stderr.startswith(b"<stdin>:1:16: error: expected ':'"))
    yield from sir_run_checks(exe, queens, dump)
    yield from cft_checks(exe, queens)
    yield from pto_run_checks(exe, queens)


def sir_run_checks(exe, queens, dump):
    """--from=pto-ssa's run has the tree interpreter's calls-view effects, --stats line
    and --inputs records; --measure=iter-args counts its MLIR's scf.for with iter_args."""
    view = ["--effects-hash", "--effects-view=calls"]
    runs = [tigerc(exe, "--from=pto-ssa", "--run", *view, "-", stdin=dump),
            tigerc(exe, "--run", *view, queens)]
    hashes = [re.findall(rb"effects: \d+, hash \w+", r.stderr) for r in runs]
    yield "--from=pto-ssa --run: the tree interpreter's calls-view effects", (
        runs[0].returncode == 0 and len(hashes[0]) == 1 and hashes[0] == hashes[1])
    stats = tigerc(exe, "--from=pto-ssa", "--run", "--stats", "-", stdin=dump)
    yield "--from=pto-ssa --run --stats", re.search(
        rb"^stats: steps [1-9]\d*, moves 0, jumps 0, cjumps 0, calls [1-9]", stats.stderr, re.M)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "queens.ssa")
        with open(path, "wb") as f:
            f.write(dump)
        for k in range(2):
            with open(os.path.join(d, "%d.in" % k), "w") as f:
                f.write("")
        split = tigerc(exe, "--from=pto-ssa", "--run", "--inputs=" + d, path)
        one = runs[1].stdout
        records = b"".join(b"tigerrt input %d: exit 0 %d 0\n" % (k, len(one)) + one
                           for k in range(2))
        yield "--from=pto-ssa --inputs: a record an input", (
            split.returncode == 0 and split.stdout == records)
    endless = tigerc(exe, "--emit=pto-ssa", "-", stdin=b"while 1 do ()\n").stdout
    r = tigerc(exe, "--from=pto-ssa", "--run", "--max-steps=1000", "-", stdin=endless)
    yield "--from=pto-ssa --run: an empty loop meets the step limit -> 71", (
        r.returncode == 71 and b"step limit of 1000 reached" in r.stderr)
    iters = tigerc(exe, "--from=pto-ssa", "--measure=iter-args", "-", stdin=dump).stderr
    own = tigerc(exe, "--emit=pto-ssa", "--measure=iter-args", queens).stderr
    mlir = tigerc(exe, "--emit=mlir", queens).stdout
    yield "--measure=iter-args: scf.for with iter_args, read back or compiled", (
        iters == own == b"measure: iter_args %d\n" % mlir.count(b"iter_args("))
    r = tigerc(exe, "--measure=iter-args", "--emit=pto-cft", queens)
    yield "--measure=iter-args without the SSA form -> 64", r.returncode == 64


# A loop with a break, as --emit=pto shows it (before CtrlFlowTransform).
BREAKS = b"let var s := 0 in for i := 1 to 9 do (s := s + i; if s > 10 then break); printi(s) end\n"


def cft_checks(exe, queens):
    """--from=pto-cft: queens after CtrlFlowTransform read back; a break left."""
    dump = tigerc(exe, "--emit=pto-cft", queens).stdout
    again = tigerc(exe, "--from=pto-cft", "--verify", "--emit=pto-cft", "-", stdin=dump)
    yield "--from=pto-cft --emit=pto-cft prints queens again", (
        again.returncode == 0 and again.stdout == dump)
    runs = [tigerc(exe, "--from=pto-cft", "--run", "-", stdin=dump), tigerc(exe, "--run", queens)]
    yield "--from=pto-cft runs queens", runs[0].returncode == 0 and runs[0].stdout == runs[1].stdout
    for bad in (["--emit=mlir"], ["--run-mlir"], ["--emit=pto-ssa"], ["--measure=iter-args"],
                ["--run", "--measure=temps"], ["--run-at=ir"]):
        r = tigerc(exe, "--from=pto-cft", *bad, "-", stdin=dump)
        yield "--from=pto-cft %s -> 64" % " ".join(bad), r.returncode == 64
    lowered = tigerc(exe, "--emit=pto", "-", stdin=BREAKS).stdout
    line = lowered.split(b"\n").index(b"            break") + 1
    r = tigerc(exe, "--from=pto-cft", "--run", "-", stdin=lowered)
    yield "--from=pto-cft: a break left -> 68 at its line", r.returncode == 68 and \
        r.stderr.startswith(b"<stdin>:%d:13: error: --from=pto-cft: in tigermain: "
                            b"StructuredCtrlFlow: break left\n" % line)


def pto_run_checks(exe, queens):
    """--run-at=pto: the lowered structured IR on its interpreter, the translate
    handout's oracle."""
    view = ["--effects-view=calls", "--effects-hash"]
    for name, path, stdin in (("queens", queens, b""), ("a loop with break", "-", BREAKS)):
        runs = [tigerc(exe, how, *view, path, stdin=stdin) for how in ("--run-at=pto", "--run")]
        yield "--run-at=pto runs %s as --run does" % name, runs[0].returncode == 0 and \
            (runs[0].stdout, runs[0].stderr) == (runs[1].stdout, runs[1].stderr)
    for bad in (["--emit=ir"], ["--run-mlir"], ["--measure=temps"], ["--from=ir"]):
        r = tigerc(exe, "--run-at=pto", *bad, queens)
        yield "--run-at=pto %s -> 64" % " ".join(bad), r.returncode == 64


def located_checks(exe, traces):
    """--from --verify reports every broken invariant at its statement's line: two CJUMPs
    of queens' traces with their labels swapped (each now followed by its true label)."""
    lines = traces.decode().split("\n")
    starts = [k for k, l in enumerate(lines) if l.startswith("CJUMP(")][:2]
    for k in starts:
        end = next(j for j in range(k, len(lines)) if re.match(r" \w+,\w+\)$", lines[j]))
        t, f = lines[end].strip(" )").split(",")
        lines[end] = " %s,%s)" % (f, t)
    r = tigerc(exe, "--from=traces", "--verify", "--run", "-", stdin="\n".join(lines).encode())
    errors = [l for l in r.stderr.decode().split("\n") if ": error: " in l]
    want = ["<stdin>:%d:1: error: --from=traces: in PROC" % (k + 1) for k in starts]
    yield "--verify: each broken invariant at its line, as file:line:col: error: (%s)" % errors, (
        r.returncode == 68 and len(errors) == 2 and
        all(e.startswith(w) and "a CJUMP must be followed by its false label" in e
            for e, w in zip(errors, want)))


POSITION = re.compile(rb"^ *# \d+:\d+$")


def without_positions(dump):
    return b"".join(l for l in dump.splitlines(True) if not POSITION.match(l.rstrip(b"\n")))


def location_checks(exe, queens):
    """--locations: the dumps of queens with positions, read back, and broken."""
    yield "--locations with --emit=ast -> 64", (
        tigerc(exe, "--locations", "--emit=ast", queens).returncode == 64)
    for stage in ("ir", "linear", "traces"):
        plain = tigerc(exe, "--emit=" + stage, queens).stdout
        located = tigerc(exe, "--emit=" + stage, "--locations", queens).stdout
        yield "--emit=%s --locations adds positions only" % stage, (
            located != plain and without_positions(located) == plain)
        again = tigerc(exe, "--from=" + stage, "--locations", "--emit=" + stage, "-",
                       stdin=located)
        yield "--from=%s --locations round-trips" % stage, (
            again.returncode == 0 and again.stdout == located)
    lines = tigerc(exe, "--emit=traces", "--locations", queens).stdout.split(b"\n")
    statements = [i for i, l in enumerate(lines) if re.match(rb"[A-Z]", l)
                  and not l.startswith((b"PROC", b"STRING"))]
    yield "--emit=traces --locations: every statement has a position", all(
        POSITION.match(lines[i - 1]) for i in statements)
    cjump = next(i for i in statements if lines[i].startswith(b"CJUMP("))
    end = next(i for i in range(cjump, len(lines)) if lines[i].endswith(b")"))
    line = lines[cjump - 1].split(b" ")[1].split(b":")[0]
    t, f = lines[end].strip()[:-1].split(b",")
    lines[end] = b" %s,%s)" % (f, t)  # its true label is now the one after it
    broken = b"\n".join(lines)
    r = tigerc(exe, "--from=traces", "--verify", "--run", "-", stdin=broken)
    yield "--verify names the source line of the broken statement", (
        r.returncode == 68 and b"(from line " + line + b")" in r.stderr)


def main(argv):
    passed = failed = 0
    for name, ok in checks(argv[1], argv[2]):
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL " + name)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
