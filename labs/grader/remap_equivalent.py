"""remap_equivalent.py - keeps labs/LAB/equivalent_mutants.txt true after the lab's
sources change (labs/grader/README.md, "Mutation score").

A mutant's id is PATH:LINE:OP:K, so a line added above a region, or a source moved to
another folder, gives the same mutant another id, and an old id may then name another
mutant. This tool finds each listed mutant in the sources of an earlier commit (REV),
and the same change in today's: same operator, same line before and after, the same
occurrence among those in its file (a file is followed by its name when its folder
changed). It rewrites the ids in place, keeping the reasons and comments, and lists
the ids it cannot follow (their region's code changed: decide those again by hand).

    python3 -m labs.grader.remap_equivalent LAB REV     (from the top folder)

Exit 0 when every id was followed, 1 otherwise.
"""
import argparse
import os
import subprocess
import sys

from . import mutate, mutation

ROOT = mutation.ROOT


def sources_at(rev, lab):
    """{path: text} of the files holding a region of the lab at commit rev."""
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    out = {}
    for path in names:
        if mutate.lab_markers.is_source(path):
            text = subprocess.run(["git", "show", "%s:%s" % (rev, path)], cwd=ROOT,
                                  capture_output=True, text=True, check=True).stdout
            if "// LAB %s BEGIN" % lab in text:
                out[path] = text
    return out


def keyed(sources, lab):
    """{id: key} and {key: id}: a mutant's key is (file name, operator, the line before
    and after, stripped, and how many equal ones come before it in its file)."""
    by_id, by_key = {}, {}
    for path in sorted(sources):
        seen = {}
        for m in mutate.mutants(path, sources[path], lab):
            change = (os.path.basename(path), m.op, m.before.strip(), m.after.strip())
            k = change + (seen.get(change, 0),)
            seen[change] = k[-1] + 1
            by_id[m.id], by_key[k] = k, m.id
    return by_id, by_key


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("lab")
    ap.add_argument("rev", help="the commit the ids were written for")
    args = ap.parse_args(argv)
    old_ids, _ = keyed(sources_at(args.rev, args.lab), args.lab)
    _, new_keys = keyed(mutation.lab_sources(args.lab), args.lab)
    path = os.path.join(mutation.LABS, args.lab, mutation.EQUIVALENT)
    lines, lost, moved = [], [], 0
    for line in open(path, encoding="utf-8").read().split("\n"):
        mid, sep, reason = line.partition(" ")
        if line.strip() and not line.startswith("#"):
            new = new_keys.get(old_ids.get(mid))
            if new is None:
                lost.append(mid)
            else:
                moved += new != mid
                line = new + sep + reason
        lines.append(line)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("%s: %d ids changed, %d could not be followed%s" % (
        args.lab, moved, len(lost), "".join("\n  " + i for i in lost)))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
