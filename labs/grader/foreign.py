"""foreign.py - grades a course's own compiler: a submission whose top holds the manifest
tiger-judge.json (docs/judge.md, "Grading a foreign submission").

Input: the submission (its manifest: a `build` and an `emit` shell command), the
teacher's course file (COURSE=course.json: the `profile` its compilers' dumps are read
with, the Debian `packages` they need, the `builtins` they name otherwise), the scratch
folder. Output: a Compiler the judge runs where it would run a student's tigerc
(judges.student_emit), or a one-line message; the lab's spec as a foreign grade judges
it (judged_spec).

Nothing of the submission is trusted, as in submission.py: its folder is checked
(untrusted.files) and copied into a fresh work folder, the build command runs there in
the box and limits of a handout's build, the emit command in the box and limits of a
student's tigerc, seeing its built tree read-only and the program's blind copy, nothing
of the grader's. What it prints is read back by the reference, never run.
"""
import functools
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass, replace

from ..paths import ROOT
from . import confine, inputs, sandbox, submission, untrusted
from .blind import strip_comments

MANIFEST = "tiger-judge.json"
MANIFEST_BYTES = 64 << 10
COMMAND_CHARS = 4096
DIALECTS = ("appel-c", "appel-ml", "appel-java", "tiger-cpp")  # grading/profiles/
TIGER_BUILTINS = ("print", "flush", "getchar", "ord", "chr", "size", "substring", "concat",
                  "not", "exit", "printi")
KEYWORDS = {"array", "break", "continue", "do", "else", "end", "for", "function", "if",
            "in", "let", "nil", "of", "then", "to", "type", "var", "while"}
IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
PACKAGE = re.compile(r"[a-z0-9][a-z0-9+.-]+\Z")  # Debian policy's package names
# Where a course's packages' files are shown from, read-only, beyond the box's /usr.
SHOWN_FOLDERS = ("/etc/", "/opt/", "/var/lib/")
SHOWN_PACKAGE_FILES = 4000  # a course's packages' files outside /usr bound at most
# What a foreign step may reserve of address space beyond its memory limit, which then
# bounds its data (sandbox.Limits.reserve): a JVM reserves a quarter of the machine's
# memory for its heap and 1 GiB for its classes at start, and fails under an address
# space of 2 GiB though it uses a tenth of it.
RESERVE = 32 << 30
# The book's Tiger has no `continue`, and SML/NJ's int (31 bits) is the narrowest a course's
# compiler reads: a program past either is tigerc's, not graded on a foreign compiler.
BOOK_INT = 1 << 30
NO_COURSE = ("a foreign submission (%s at its top) is graded with the teacher's course "
             "file, and this grade has none (COURSE=course.json)" % MANIFEST)


class CourseError(Exception):
    """A course file the grader will not use; str() is one line the teacher can act on."""


@dataclass(frozen=True)
class Manifest:
    build: str
    emit: str


@dataclass(frozen=True)
class Course:
    path: str
    profile: list        # the reference's options: --dialect=NAME or --profile=FILE
    profile_file: str    # the profile file, or None for a shipped dialect
    packages: tuple
    builtins: dict       # a Tiger builtin -> the name the course's compilers know


def is_foreign(folder):
    """Whether a submission folder is a foreign one: its top holds the manifest."""
    return bool(folder) and os.path.lexists(os.path.join(folder, MANIFEST))


def read_manifest(folder):
    """The Manifest of a foreign submission; untrusted.Refused with one line that says
    what to fix."""
    data = untrusted.read(folder, MANIFEST, MANIFEST_BYTES)
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise untrusted.Refused("%s is not JSON: %s" % (MANIFEST, e)) from None
    if not isinstance(manifest, dict):
        raise untrusted.Refused("%s must hold one object {\"build\": ..., \"emit\": ...}"
                                % MANIFEST)
    unknown = sorted(set(manifest) - {"build", "emit", "description"})
    if unknown:
        raise untrusted.Refused("%s: unknown key %s (it takes build, emit, description)"
                                % (MANIFEST, untrusted.printable(repr(unknown[0]))))
    for key in ("build", "emit"):
        command = manifest.get(key)
        if not isinstance(command, str) or not command.strip():
            raise untrusted.Refused("%s: no \"%s\" command (a string)" % (MANIFEST, key))
        if len(command) > COMMAND_CHARS or any(ord(c) < 32 or 127 <= ord(c) < 160
                                                for c in command):
            raise untrusted.Refused("%s: the \"%s\" command must be one line of at most "
                                    "%d characters" % (MANIFEST, key, COMMAND_CHARS))
    if "{program}" not in manifest["emit"]:
        raise untrusted.Refused("%s: the \"emit\" command never names {program}, the "
                                "Tiger file it compiles" % MANIFEST)
    return Manifest(manifest["build"], manifest["emit"])


def read_course(path, reference):
    """The Course of a teacher's course file, its profile checked by the reference and
    its packages by dpkg; CourseError with one line that says what to fix."""
    try:
        with open(path, encoding="utf-8") as f:
            course = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise CourseError("the course file %s cannot be read: %s" % (path, e)) from None
    if not isinstance(course, dict):
        raise CourseError("the course file %s must hold one object" % path)
    unknown = sorted(set(course) - {"profile", "packages", "builtins", "description"})
    if unknown:
        raise CourseError("the course file %s: unknown key %r (it takes profile, packages, "
                          "builtins, description)" % (path, unknown[0]))
    profile, profile_file = course_profile(path, course.get("profile"), reference)
    return Course(os.path.abspath(path), profile, profile_file,
                  course_packages(path, course.get("packages", [])),
                  course_builtins(path, course.get("builtins", {})))


def course_profile(path, profile, reference):
    """(the reference's options, the profile's file or None) of the course's `profile`:
    a shipped dialect's name, or a profile file beside the course file."""
    if not isinstance(profile, str) or not profile:
        raise CourseError("the course file %s: \"profile\" must name a profile file beside "
                          "it or a shipped dialect (%s)" % (path, ", ".join(DIALECTS)))
    if profile in DIALECTS:
        return ["--dialect=" + profile], None
    file = os.path.join(os.path.dirname(os.path.abspath(path)), profile)
    if not os.path.isfile(file):
        raise CourseError("the course file %s: its profile %s is no file (nor a shipped "
                          "dialect: %s)" % (path, file, ", ".join(DIALECTS)))
    ran = sandbox.run([reference, "--from=ir", "--profile=" + file, "-"],
                      stdin=b"PROC tigermain\nEXP(CONST 0)\n", limits=sandbox.Limits(30))
    if ran.status in (64, 74):
        said = ran.stderr.decode("utf-8", "replace").strip().splitlines() or ["(no reason)"]
        raise CourseError("the course file %s: its profile is refused by the reference: %s"
                          % (path, said[0]))
    return ["--profile=" + file], file


def course_packages(path, packages):
    """The course's Debian packages, each installed here (else CourseError)."""
    if not isinstance(packages, list) or not all(
            isinstance(p, str) and PACKAGE.match(p) for p in packages):
        raise CourseError("the course file %s: \"packages\" must be a list of Debian "
                          "package names" % path)
    missing = [p for p in packages if p not in installed_packages()]
    if missing:
        raise CourseError("the course's packages %s are not installed on this machine: "
                          "`make deps COURSE=%s` installs them (as root)" % (
                              " ".join(missing), path))
    return tuple(packages)


def course_builtins(path, builtins):
    """The course's names of Tiger builtins, each a builtin to a Tiger identifier."""
    if not isinstance(builtins, dict):
        raise CourseError("the course file %s: \"builtins\" must map Tiger builtins to the "
                          "names its compilers know" % path)
    for builtin, name in builtins.items():
        if builtin not in TIGER_BUILTINS:
            raise CourseError("the course file %s: %r is not a Tiger builtin (%s)" % (
                path, builtin, " ".join(TIGER_BUILTINS)))
        if not isinstance(name, str) or not IDENTIFIER.match(name) or name in KEYWORDS:
            raise CourseError("the course file %s: the name of %s, %r, is not a Tiger "
                              "identifier" % (path, builtin, name))
    return dict(builtins)


@functools.lru_cache(maxsize=1)
def installed_packages():
    """{name: the names it depends on} of each package dpkg lists as installed (read
    once per grader process)."""
    ran = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${db:Status-Status}\t"
                          "${Depends}, ${Pre-Depends}\n"], capture_output=True, text=True)
    table = {}
    for line in ran.stdout.splitlines():
        name, status, needs = (line.split("\t") + ["", ""])[:3]
        if status == "installed":
            table[name] = re.findall(r"(?:^|[,|])\s*([a-z0-9][a-z0-9+.-]+)", needs)
    return table


@functools.lru_cache(maxsize=8)
def package_files(packages):
    """The files of the course's packages and of what they depend on that the box's
    root view (confine.py) does not show, to be bound read-only (shown(): a JDK's conf
    links into /etc/java-*). dpkg's own lists, read once per grader process and
    course."""
    table, seen, todo, out = installed_packages(), set(), list(packages), set()
    while todo:
        name = todo.pop()
        if name in seen or name not in table:
            continue
        seen.add(name)
        todo += table[name]
        for listed in glob.glob("/var/lib/dpkg/info/%s.list" % name) + \
                glob.glob("/var/lib/dpkg/info/%s:*.list" % name):
            with open(listed, encoding="utf-8", errors="replace") as f:
                out.update(p for p in f.read().splitlines() if shown(p))
    return sorted(out)[:SHOWN_PACKAGE_FILES]


def shown(path):
    """Whether a package's file is bound into the box: a regular file (no link: one to
    a folder would bind what it points to, /var/run the host's /run) in a folder of
    SHOWN_FOLDERS that the box's root view (confine.py) does not show already."""
    return path.startswith(SHOWN_FOLDERS) and not os.path.islink(path) and \
        os.path.isfile(path) and not any(path == v or path.startswith(v + "/")
                                          for v in confine.ETC)


def profile_in(course, folder):
    """The course with its profile file (if any) copied into folder, readable by all: a
    confined step reads it there."""
    if not course.profile_file:
        return course
    copy = os.path.join(folder, "course-profile.json")
    shutil.copyfile(course.profile_file, copy)
    os.chmod(copy, 0o644)
    return replace(course, profile=["--profile=" + copy], profile_file=copy)


def judged_spec(spec, course):
    """The lab's spec as a foreign grade judges it: the reference reads the dump in the
    course's profile; effects are compared in the builtins view (a foreign compiler's
    functions and frames are its own: only the builtins' calls and the exit are shared);
    no bonus (its yardstick is the reference's own translation: labs/grader/README.md,
    "Foreign submissions"); the book's Tiger only: the programs that use tigerc's
    extensions left out (named in `left_out`), the random ones made without them."""
    groups, left_out = [], []
    for group in spec["groups"]:
        kept = [p for p in group["programs"] if not beyond_book(os.path.join(ROOT, p))]
        left_out += [p for p in group["programs"] if p not in kept]
        groups.append(dict(group, programs=kept))
    random = spec.get("random") and dict(spec["random"], book=True)
    return dict(spec, judge=spec["judge"] + course.profile, groups=groups, random=random,
                effects="builtins" if spec.get("effects") else None, bonus=[],
                left_out=left_out)


def beyond_book(path):
    """Whether a program uses tigerc's Tiger beyond the book's: `continue`, or an
    integer of BOOK_INT or more (inputs.words: strings and comments are not looked in)."""
    with open(path, encoding="latin-1") as f:
        text = strip_comments(f.read())
    return any(w == "continue" or (w.isdigit() and int(w) >= BOOK_INT)
               for w in (text[a:b] for a, b in inputs.words(text)))


def left_out_note(spec):
    """The line a foreign grade's report says of the programs judged_spec left out."""
    names = [os.path.splitext(os.path.basename(p))[0] for p in spec.get("left_out", [])]
    if not names:
        return ""
    return ("%d of the lab's programs use tigerc's Tiger beyond the book's (continue, "
            "integers past 2^30) and are not graded here: %s" % (len(names), ", ".join(names)))


def refusal(spec):
    """Why a lab cannot take a foreign submission, or None: its judged stages must be
    tree IR (ptoext judges a tigerc's structured IR)."""
    if spec.get("first") or spec["stage"] not in ("ir", "linear", "traces"):
        return ("the %s lab judges tigerc's own %s: a foreign compiler (%s) can only be "
                "graded on translate, canon or traces" % (spec["lab"], spec["stage"],
                                                          MANIFEST))
    return None


@dataclass
class Compiler:
    """A built foreign compiler: its tree (work/src, host path `work`, seen by its steps
    at `seen_as`) and its emit command."""
    work: str
    seen_as: str
    emit: str
    packages: list

    def step(self, stage, program, limits):
        """(command, ro, cwd, who, limits) of the emit of one stage of one program: its
        tree read-only, the program's folder, the course's packages' files; the
        student's limits with RESERVE."""
        command = self.emit.replace("{stage}", shlex.quote(stage)).replace(
            "{program}", shlex.quote(program))
        ro = [(self.work, self.seen_as), os.path.dirname(program)] + self.packages
        return (["/bin/sh", "-c", command], ro, os.path.join(self.seen_as, "src"),
                "your emit command (%s)" % stage, replace(limits, reserve=RESERVE))


def build(sub, scratch, slot, course, runs=None):
    """Reads the manifest, copies the submission into a fresh work folder and runs its
    build command there, confined with a handout build's limits (submission.BUILD);
    returns (Compiler or None, message, log)."""
    try:
        manifest = read_manifest(sub)
        work = submission.work_folder(scratch, slot)
        submission.clear(work)
        mounted = submission.bounded(work)
        submission.sync(sub, os.path.join(work, "src"), skip=lambda name: name == ".git")
    except untrusted.Refused as e:
        return None, "submission refused: %s" % e, ""
    os.chmod(work, 0o755)
    submission._own(work)
    seen_as, packages = submission.seen_at(scratch), package_files(course.packages)
    limits = replace(submission.BUILD, disk=0 if mounted else submission.BUILD.disk,
                     reserve=RESERVE)
    ran = sandbox.run(["/bin/sh", "-c", manifest.build], limits=limits, untrusted=True,
                      ro=packages, rw=[(work, seen_as)], cwd=os.path.join(seen_as, "src"),
                      home_in=work if mounted else None, runs=runs)
    confine.reap(sandbox.level())
    log = (ran.stdout + ran.stderr).decode("utf-8", "replace")
    problem = ran.problem(submission.BUILD, "the build command") or (
        mounted and ran.status != 0 and submission.full(log))
    if problem:
        return None, "build failed: " + problem, log
    if ran.status != 0:
        return None, "build failed: the build command exited %d: %s" % (
            ran.status, submission.first_error(log) if log.strip() else "it printed "
            "nothing"), log
    return Compiler(work, seen_as, manifest.emit, packages), "", log
