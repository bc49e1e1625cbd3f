"""report.py - writes one graded submission three ways, and a class as a CSV.

Input: a Result (grade.py): groups of programs, each passed or not with one line of
feedback, the bonus lines, the totals. Output:
  - the terminal table: one row per group (points earned / points), under it one line
    per failed program (and what the failures cost beyond their shares: grade.FLOOR),
    then the bonus and the total;
  - Gradescope results.json: score, execution_time, output, tests (one per program and
    one per bonus, and one of negative score for what a group's failures cost beyond
    their shares; name, number, score, max_score, status, output, visibility), and a
    leaderboard of the quality numbers (labs/autograder/README.md, "results.json");
  - JUnit XML: one testcase per program, its points as a property, a failure element
    with the feedback line;
  - grades.csv (grade-all): one row per submission, one column per group, its
    student's id and name with a roster, kept as runs/grades-TIME.csv too; each
    submission's results.json and junit.xml in a folder of submission names only
    (submission_folder).
Every text a student controls (messages, the build's output, names) reaches them with
its control characters escaped (untrusted.printable): no escape sequence reaches a
terminal, junit.xml stays valid XML, and a CSV cell that starts with =, +, - or @ is
quoted with a ' so that no spreadsheet reads it as a formula.
"""
import csv
import json
import os
import shutil
import time
from xml.etree import ElementTree as ET

from . import confine
from .untrusted import printable


def table(result, hide_private=False):
    """The terminal table. hide_private (Gradescope's visible stdout): the private
    group, the bonus (it depends on it) and the total are left out."""
    lines = ["%s: %s" % (result["lab"], result["title"])]
    if result.get("confinement"):
        lines.append("  confinement: %s (%s)" % (result["confinement"],
                                                confine.WHAT[result["confinement"]]))
    if result.get("kernel"):
        lines.append("  kernel limits: %s" % result["kernel"])
    for path in result.get("exposed", []):
        lines.append("  WARNING: a submission can read %s: make its folder mode 0700" % path)
    if result["build"]:
        lines.append("  " + result["build"])
    for g in result["groups"]:
        if g.get("private") and hide_private:
            lines.append("  %-40s graded; shown when your teacher publishes it" % g["name"])
            continue
        lines.append("  %-40s %6.2f / %g" % (g["name"], g["score"], g["points"]))
        for p in g["programs"]:
            if not p["passed"]:
                first, *more = p["message"].split("\n")
                lines.append("      FAIL %s: %s" % (p["name"], first))
                lines += ["        " + line for line in more]
        if g.get("floor"):
            lines.append("      " + floor_line(g))
    if not result.get("private_run", True):
        lines.append("  %-40s not run here (%d points on Gradescope; the groups above"
                     " then count x%g)" % ("private tests", result["private_points"],
                                           result.get("private_scale", 1)))
    if hide_private and result.get("private_run"):
        public = [g for g in result["groups"] if not g.get("private")]
        lines.append("  %-40s %6.2f / %g" % ("total of the public groups", sum(
            g["score"] for g in public), sum(g["points"] for g in public)))
        return "\n".join(printable(line) for line in lines)
    for b in result["bonus"]:
        lines.append("  %-40s %6.2f / %d  (bonus) %s" % (
            "bonus: " + b["name"], b["score"], b["points"], b["message"]))
    lines.append("  %-40s %6.2f / %g  (%.0f%%)%s" % (
        "total", result["score"], result["max_score"], result["percent"],
        "  + bonus %.2f" % result["bonus_score"] if result["bonus_score"] else ""))
    return "\n".join(printable(line) for line in lines)


def floor_line(group):
    """The line that says what a group's failures cost beyond their programs' shares."""
    return ("each failed program costs at least %g points (its share is less): "
            "%.2f more" % (group["floor_cost"], group["floor"]))


def _tests(result):
    tests = []
    for gi, g in enumerate(result["groups"], 1):
        for pi, p in enumerate(g["programs"], 1):
            tests.append({
                "name": printable("%s: %s" % (g["name"], p["name"])),
                "number": "%d.%d" % (gi, pi),
                "score": round(p["score"], 4), "max_score": round(p["max_score"], 4),
                "status": "passed" if p["passed"] else "failed",
                "output": printable(p["message"], "\n") or "ok", "tags": [g["name"]],
                "visibility": "after_published" if p["private"] else "visible"})
        if g.get("floor"):  # the tests' scores add up to the group's
            tests.append({
                "name": printable("%s: at least %g points a failed program" % (
                    g["name"], g["floor_cost"])),
                "number": "%d.%d" % (gi, len(g["programs"]) + 1),
                "score": -g["floor"], "max_score": 0, "status": "failed",
                "output": floor_line(g), "tags": [g["name"]],
                "visibility": "after_published" if g.get("private") else "visible"})
    hidden = "after_published" if result.get("private_run") else "visible"
    for b in result["bonus"]:  # it needs the private tests: hidden with them
        tests.append({"name": "bonus: " + b["name"], "score": b["score"], "max_score": 0,
                      "status": "passed" if b["score"] else "failed",
                      "output": printable(b["message"], "\n"), "visibility": hidden})
    return tests


def gradescope(result):
    out = {"score": round(result["score"] + result["bonus_score"], 4),
           "output": table(result, hide_private=True),
           "output_format": "text", "visibility": "visible",
           "stdout_visibility": "visible", "tests": _tests(result)}
    if not result.get("private_run"):  # else it tells how long the private tests took
        out["execution_time"] = round(result["seconds"], 1)
    board = [{"name": b["metric"], "value": b["value"], "order": "asc"}
             for b in result["bonus"] if b.get("value") is not None]
    if board:
        out["leaderboard"] = board
    return out


def junit(result):
    tests = [t for t in _tests(result) if not t["name"].startswith("bonus: ")]
    failures = sum(t["status"] == "failed" for t in tests)
    suites = ET.Element("testsuites")
    suite = ET.SubElement(suites, "testsuite", name="tigerc." + result["lab"],
                          tests=str(len(tests)), failures=str(failures), errors="0",
                          time="%.1f" % result["seconds"])
    for t in tests:
        case = ET.SubElement(suite, "testcase", classname="tigerc.%s.%s" % (
            result["lab"], t["tags"][0]), name=t["name"], time="0")
        props = ET.SubElement(case, "properties")
        ET.SubElement(props, "property", name="points", value="%g" % t["max_score"])
        if t["status"] == "failed":
            ET.SubElement(case, "failure", message=t["output"]).text = t["output"]
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


RESULTS = ("results.json", "junit.xml")
CLASS_CSV, SUBMISSIONS = "grades.csv", "submissions"  # grade-all's, beside RESULTS
RUNS = "runs"  # grade-all's CSV of each run, kept (run_csv)


def submission_folder(out_dir, name):
    """Where grade-all writes the results of the submission folder `name`:
    OUT/submissions/NAME. That folder holds submission names only, so no upload's name
    (grades.csv, results.json, submissions...) can be a file or folder of the grader's."""
    return os.path.join(out_dir, SUBMISSIONS, name)


def clear(out_dir, names=RESULTS):
    """Deletes what an earlier grade left in out_dir under these names, file or folder
    (grade-all: CLASS_CSV and SUBMISSIONS; an older grader's grades.csv/ folder too):
    a grade that fails leaves none behind."""
    for name in names:
        path = os.path.join(out_dir, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)


def write(result, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump(gradescope(result), f, indent=1)
        f.write("\n")
    with open(os.path.join(out_dir, "junit.xml"), "w") as f:
        f.write(junit(result))


def cell(text):
    """A CSV cell no spreadsheet reads as a formula, its control characters escaped."""
    text = printable(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def write_csv(path, rows, roster=None):
    """rows: (submission name, result) pairs, in order. roster ({folder: (student id,
    name)}, read_roster): each row carries its student, a folder not on it is marked
    so, and each of its folders without a submission gets a row of its own."""
    groups = [g["name"] for g in rows[0][1]["groups"]] if rows else []
    who = ["student_id", "name"] if roster is not None else []
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["submission"] + who + ["score", "max_score", "percent", "bonus"] +
                   groups + ["build"])
        for name, r in rows:
            student = list(roster.get(name, ("", "(not on the roster)"))) if who else []
            w.writerow([cell(name)] + [cell(c) for c in student] +
                       ["%.2f" % r["score"], r["max_score"], "%.1f" % r["percent"],
                        "%.2f" % r["bonus_score"]] +
                       ["%.2f" % g["score"] for g in r["groups"]] + [cell(r["build"])])
        seen = {name for name, _ in rows}
        for folder, student in sorted((roster or {}).items()):
            if folder not in seen:
                max_score = rows[0][1]["max_score"] if rows else ""
                w.writerow([cell(folder)] + [cell(c) for c in student] +
                           ["0.00", max_score, "0.0", "0.00"] + ["0.00"] * len(groups) +
                           ["no submission"])


def read_roster(path):
    """{folder: (student id, name)} of a roster CSV (folder,student_id,name; a first row
    that starts with "folder" is its header). Refused (ValueError) when a row has not
    three cells or a folder comes twice."""
    roster = {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        for n, row in enumerate(csv.reader(f), 1):
            if not row or (n == 1 and row[0].strip().lower() == "folder"):
                continue
            if len(row) != 3:
                raise ValueError("%s:%d: a row is folder,student_id,name" % (path, n))
            folder = row[0].strip()
            if folder in roster:
                raise ValueError("%s:%d: folder %s comes twice" % (path, n, folder))
            roster[folder] = (row[1].strip(), row[2].strip())
    return roster


def run_csv(out_dir, now):
    """OUT/runs/grades-YYYYMMDD-HHMMSS.csv for a grade-all that started at `now` (a
    struct_time), a new name if that one is taken: every run's CSV is kept."""
    folder = os.path.join(out_dir, RUNS)
    os.makedirs(folder, exist_ok=True)
    stem = os.path.join(folder, "grades-" + time.strftime("%Y%m%d-%H%M%S", now))
    path, k = stem + ".csv", 1
    while os.path.exists(path):
        k += 1
        path = "%s-%d.csv" % (stem, k)
    return path
