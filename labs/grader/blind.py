"""blind.py - the program a student's tigerc is given: the Tiger text alone.

Input: a test program (testcases/README.md), whose first comment says what it
expects (`stdout:`, `exit:` ...). Output: the same program with every comment blanked
(spaces, newlines kept, so every line and column stays where it was), written as
`prog.tig` in a fresh folder of its own: no directive, no name that hints at the test,
no `.out` beside it. Expected outputs stay on the grader's side (judges.py). A foreign
course's compilers (foreign.py) get the builtins by the course's names (printint for
printi).
"""
import os
import tempfile


def _string_end(src, i):
    """The index after the string literal that starts at src[i] == '"'."""
    i += 1
    while i < len(src) and src[i] != '"':
        if src[i] == "\\" and i + 1 < len(src) and src[i + 1].isspace():
            i = src.find("\\", i + 1)  # \f___f\ : a formatting sequence
            if i < 0:
                return len(src)
        elif src[i] == "\\":
            i += 1
        i += 1
    return i + 1


def _comment_end(src, i):
    """The index after the (nested) comment that starts at src[i:i+2] == '/*'."""
    depth = 0
    while i < len(src):
        if src.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif src.startswith("*/", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                return i
        else:
            i += 1
    return len(src)


def strip_comments(src):
    """src with every comment's characters replaced by spaces, newlines kept."""
    out, i = [], 0
    while i < len(src):
        if src[i] == '"':
            j = _string_end(src, i)
            out.append(src[i:j])
        elif src.startswith("/*", i):
            j = _comment_end(src, i)
            out.append("".join(c if c == "\n" else " " for c in src[i:j]))
        else:
            j = i + 1
            out.append(src[i])
        i = j
    return "".join(out)


def rename_builtins(text, names):
    """A comment-free program text with each builtin a foreign course names otherwise
    renamed (names: builtin -> its name; foreign.py), outside string literals: what the
    course's compilers are given."""
    if not names:
        return text
    out, i = [], 0
    while i < len(text):
        if text[i] == '"':
            j = _string_end(text, i)
            word = text[i:j]
        elif text[i].isalpha():
            j = i + 1
            while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = names.get(text[i:j], text[i:j])
        else:
            j, word = i + 1, text[i]
        out.append(word)
        i = j
    return "".join(out)


def blind_copy(program, base, text=None, renames=None):
    """Writes program's text, comments blanked (or `text`, already blind: inputs.py's),
    its builtins renamed as a foreign course names them (renames, foreign.py), as
    BASE/in-XXXX/prog.tig (readable by anyone, the folder holding nothing else);
    returns its path."""
    if text is None:
        with open(program, "rb") as f:
            text = strip_comments(f.read().decode("latin-1"))
    text = rename_builtins(text, renames)
    folder = tempfile.mkdtemp(prefix="in-", dir=base)
    os.chmod(folder, 0o755)
    path = os.path.join(folder, "prog.tig")
    with open(path, "wb") as f:
        f.write(text.encode("latin-1"))
    os.chmod(path, 0o644)
    return path
