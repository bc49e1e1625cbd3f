"""paths.py - where the tree is, and which labs it has: the one list of labs, read from
labs/NAME/lab.json (a folder of labs/ with a lab.json is a lab), in the course order
of their "order" (labs/README.md)."""
import json
import os

LABS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(LABS)


def lab_names():
    """The labs, in course order."""
    return sorted((d for d in os.listdir(LABS)
                   if os.path.isfile(os.path.join(LABS, d, "lab.json"))),
                  key=lambda name: (lab_meta(name)["order"], name))


def lab_meta(lab):
    """The lab's lab.json."""
    with open(os.path.join(LABS, lab, "lab.json")) as f:
        return json.load(f)
