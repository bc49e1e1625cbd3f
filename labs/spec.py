"""spec.py - a lab's grading spec (labs/LAB/grading.json), read, checked and with the
teacher's settings applied (labs/GRADING.md, "Changing points, the bonus and hidden programs").

Input: the JSON file (or a teacher's copy, SPEC=) and the settings given on the command
line, which win over the file's. Output: the spec as a dict, every setting filled in:
  groups[].points + random.points   the public groups; they add up to 100
  random.count, random.seed         the public random programs (shipped in handouts)
  private.points                    the private group's share, 1..99 (default 20)
  private.hidden                    the hidden random programs a teacher's seed adds to
                                    the private group (default 20; 0: none; none
                                    without a random group to make them like)
  bonus_on                          whether the bonus is graded (default true; false:
                                    "bonus" becomes [])
A spec that breaks a rule is refused with a message naming the file and the rule
(SpecError); nothing is graded or packed on it.
"""
import json
import os

from .paths import LABS

PRIVATE = {"name": "private tests", "points": 20, "hidden": 20}
TOTAL = 100  # what the public groups add up to, and the total of every grade


class SpecError(SystemExit):
    """A grading.json the grader refuses: the message printed, exit status 2."""

    def __init__(self, path, why):
        print("grading spec %s: %s" % (path, why))
        super().__init__(2)
        self.why = "grading spec %s: %s" % (path, why)

    def __str__(self):
        return self.why


def path_of(lab, spec_path=None):
    return spec_path or os.path.join(LABS, lab, "grading.json")


def load(lab, spec_path=None, hidden=None, private_points=None, bonus=None):
    """The checked spec of a lab; hidden, private_points and bonus ("on"/"off"), when
    given, replace the file's private.hidden, private.points and bonus_on."""
    path = path_of(lab, spec_path)
    try:
        with open(path) as f:
            spec = json.load(f)
    except (OSError, ValueError) as e:
        raise SpecError(path, "cannot be read: %s" % e)
    if not isinstance(spec, dict):
        raise SpecError(path, "is not a JSON object")
    private = dict(PRIVATE, **spec.get("private", {}))
    if hidden is not None:
        private["hidden"] = hidden
    if private_points is not None:
        private["points"] = private_points
    on = spec.get("bonus_on", True) if bonus is None else bonus == "on"
    spec = dict(spec, private=private, bonus_on=on, bonus=spec.get("bonus", []) if on else [])
    check(spec, path)
    return spec


def check(spec, path):
    """Raises SpecError on the first rule the spec breaks."""
    for key in ("lab", "title", "stage", "judge", "groups"):
        if key not in spec:
            raise SpecError(path, 'has no "%s"' % key)
    for g in spec["groups"]:
        if not g.get("programs"):
            raise SpecError(path, 'group "%s" has no programs' % g.get("name"))
        number(path, 'group "%s" points' % g.get("name"), g.get("points"), 0, TOTAL)
    rand = spec.get("random")
    if rand:
        number(path, "random.points", rand.get("points"), 0, TOTAL)
        whole(path, "random.count", rand.get("count"), 1)
        whole(path, "random.seed", rand.get("seed"), 0)
    total = sum(points for _, points, _ in public_points(spec))
    if abs(total - TOTAL) > 1e-9:
        raise SpecError(path, "the public groups' points (the random programs' included) "
                        "add up to %g, not %d" % (total, TOTAL))
    private = spec["private"]
    number(path, "private.points", private["points"], 1, TOTAL - 1)
    whole(path, "private.hidden", private["hidden"], 0)
    if not isinstance(spec["bonus_on"], bool):
        raise SpecError(path, "bonus_on is true or false")
    for b in spec["bonus"]:
        number(path, 'bonus "%s" points' % b.get("name"), b.get("points"), 0, TOTAL)


def number(path, what, value, low, high):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not low <= value <= high:
        raise SpecError(path, "%s is %r: a number from %g to %g" % (what, value, low, high))


def whole(path, what, value, low):
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SpecError(path, "%s is %r: a whole number, at least %d" % (what, value, low))


def public_points(spec):
    """[(name, points, programs)] of the public groups, in the order they are graded:
    grading.json's groups, then its random programs group. The table `make grade`
    prints and every handout shows (labs/handout/text.py)."""
    rows = [(g["name"], g["points"], len(g["programs"])) for g in spec["groups"]]
    rand = spec.get("random")
    return rows + ([(rand["name"], rand["points"], rand["count"])] if rand else [])


def private_group(spec):
    return spec.get("private", PRIVATE)


def private_scale(spec):
    """What the public groups count when the private group is graded: they make room
    for its points, so the total stays theirs."""
    total = sum(points for _, points, _ in public_points(spec))
    return (total - private_group(spec)["points"]) / total


def written(spec):
    """The spec as a teacher's grading.json, its settings in it (what `make autograder`
    packs and a handout ships, so that every grade reads the same)."""
    return json.dumps(spec, indent=1) + "\n"
