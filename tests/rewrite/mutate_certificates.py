#!/usr/bin/env python3
"""Mutation test of instance certificates (docs/certificates.md, "Mutation figure").

For every certificate of the given compile outputs (DIR/certificates/*.smt2), makes three
automatic mutations of its equivalence query -- an operator, a constant, an index -- each
in the source side, the target side or the claims (chosen at random, seeded by the file
name), and replays each mutant with z3. A mutant is detected when some (check-sat)
answers sat. Prints the share detected and every survivor; exits 1 when a certificate
does not replay unsat unmutated, has no site for a kind of mutation, a mutant does not
parse (a bug of this tool), or a mutant survives that is not listed with --allow.

usage: mutate_certificates.py [--limit N] [--per-rule N] [--jobs J] [--timeout S]
                              [--json FILE] [--allow FILE] DIR...
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib

# ---- s-expressions with their spans -----------------------------------------------------


class Node:
    __slots__ = ("start", "end", "kids", "atom")

    def __init__(self, start, end, kids=None, atom=None):
        self.start, self.end, self.kids, self.atom = start, end, kids, atom


TOKEN = re.compile(r"\s+|;[^\n]*|\(|\)|\|[^|]*\||[^\s()|;]+")


def parse_forms(text, begin, end):
    """The top-level forms of text[begin:end] as Nodes."""
    stack, forms = [[]], []
    opens = []
    for m in TOKEN.finditer(text, begin, end):
        t = m.group(0)
        if t[0].isspace() or t[0] == ";":
            continue
        if t == "(":
            opens.append(m.start())
            stack.append([])
        elif t == ")":
            kids = stack.pop()
            node = Node(opens.pop(), m.end(), kids=kids)
            stack[-1].append(node)
        else:
            stack[-1].append(Node(m.start(), m.end(), atom=t))
    forms.extend(stack[0])
    return forms


def walk(node):
    yield node
    if node.kids:
        for k in node.kids:
            yield from walk(k)


DECIMAL = re.compile(r"^\d+\.\d+$")
BINARY = re.compile(r"^#b[01]+$")


def is_numeral_form(n):
    """A numeral: 3.0, #b0101, (/ 3.0 4.0), (- 3.0), (- (/ 3.0 4.0)), (fp #b.. #b.. #b..)."""
    if n.atom is not None:
        return bool(DECIMAL.match(n.atom) or BINARY.match(n.atom))
    if not n.kids or n.kids[0].atom is None:
        return False
    head, args = n.kids[0].atom, n.kids[1:]
    if head in ("/", "-", "fp"):
        return all(is_numeral_form(a) for a in args) and len(args) >= 1
    return False


# ---- regions of a certificate -----------------------------------------------------------


def regions(text):
    """(name, begin, end) of the equivalence query's source side, target side and claims."""
    q = text.rfind("(reset)")
    q = 0 if q < 0 else q
    marks = [(m.start(), m.group(1)) for m in re.finditer(r"^; (source side|target side|claims without sides|claims)\n", text[q:], re.M)]
    out = []
    for i, (pos, name) in enumerate(marks):
        b = q + pos
        e = q + marks[i + 1][0] if i + 1 < len(marks) else len(text)
        if name in ("source side", "target side", "claims"):
            out.append((name.split()[0], b, e))
    return out


def define_bodies(forms):
    """(define-fun name () Sort body) -> (name, body); other forms (assert ...) -> (None, form)."""
    for f in forms:
        if f.kids and f.kids[0].atom == "define-fun":
            yield f.kids[1].atom, f.kids[4]
        elif f.kids:
            yield None, f


# ---- the three mutations ----------------------------------------------------------------

SWAP = {"+": "-", "*": "+", "/": "*", "<": ">", "<=": ">=", ">": "<", ">=": "<=",
        "and": "or", "or": "and", "=": "distinct", "bvadd": "bvsub", "bvsub": "bvadd",
        "bvmul": "bvadd", "fp.add": "fp.sub", "fp.sub": "fp.add", "fp.mul": "fp.add",
        "fp.lt": "fp.gt", "fp.leq": "fp.geq", "bvslt": "bvsgt", "bvsle": "bvsge"}


def operator_sites(text, region):
    """Applications whose operator can be changed: (text edit, description)."""
    _, b, e = region
    sites = []
    for _, body in define_bodies(parse_forms(text, b, e)):
        for n in walk(body):
            if n.atom is not None or not n.kids or n.kids[0].atom is None or is_numeral_form(n):
                continue
            op, args = n.kids[0], n.kids[1:]
            if region[0] == "claims" and not (op.atom == "=" and len(args) == 2 and all(
                    x.atom and re.match(r"^[st]!\d+$", x.atom) for x in args)):
                continue  # only the element claims (= s!i t!j); not assert, not, and
            if op.atom == "ite" and len(args) == 3:
                new = "(ite %s %s %s)" % (text[args[0].start:args[0].end],
                                          text[args[2].start:args[2].end],
                                          text[args[1].start:args[1].end])
                sites.append(((n.start, n.end, new), "ite: branches swapped"))
            elif op.atom == "-" and len(args) == 1:
                sites.append(((n.start, n.end, text[args[0].start:args[0].end]), "(- a) -> a"))
            elif op.atom == "-" and len(args) >= 2:
                sites.append(((op.start, op.end, "+"), "- -> +"))
            elif op.atom == "not" and len(args) == 1:
                sites.append(((n.start, n.end, text[args[0].start:args[0].end]), "(not a) -> a"))
            elif op.atom in SWAP:
                sites.append(((op.start, op.end, SWAP[op.atom]), "%s -> %s" % (op.atom, SWAP[op.atom])))
    return sites


def constant_sites(text, region):
    _, b, e = region
    sites = []
    for _, body in define_bodies(parse_forms(text, b, e)):
        for n in walk(body):
            if n.atom is None:
                continue
            a = n.atom
            if DECIMAL.match(a):
                whole, frac = a.split(".")
                new = "%d.%s" % (int(whole) + 1, frac)
                sites.append(((n.start, n.end, new), "%s -> %s" % (a, new)))
            elif BINARY.match(a):
                new = a[:-1] + ("1" if a[-1] == "0" else "0")
                sites.append(((n.start, n.end, new), "%s -> %s" % (a, new)))
    return sites


INDEXED = re.compile(r"^\|(.*)\[([0-9,]+)\]\|$")


def index_sites(text, region, declared):
    """Element sites: an indexed symbol |t[i,j]| to be replaced by another declared element
    of t (one index changed when possible); reference sites: a use of a definition s!k /
    t!k to be replaced by another definition of the same sort made before it (in the
    claims: another claim's side). Each site is (start, end, candidates, description)."""
    name, b, e = region
    elements, references = [], []
    sort_of, defined = {}, []
    for f in parse_forms(text, b, e):
        head = f.kids[1].atom if f.kids and f.kids[0].atom == "define-fun" else None
        body = f.kids[4] if head else f
        for n in walk(body):
            if n.atom is None:
                continue
            m = INDEXED.match(n.atom)
            if m:
                base, idx = m.group(1), m.group(2)
                others = declared.get(base, [])
                near = [o for o in others
                        if o != idx and sum(x != y for x, y in zip(o.split(","), idx.split(","))) == 1]
                pick = ["|%s[%s]|" % (base, o) for o in (near or [o for o in others if o != idx])]
                if not pick:
                    # The query reads one element of t (a one-element view, element 0 of an
                    # element view): another element of t, its last index plus one, declared
                    # in the mutant (mutate()).
                    parts = idx.split(",")
                    parts[-1] = str(int(parts[-1]) + 1)
                    pick = ["|%s[%s]|" % (base, ",".join(parts))]
                if pick:
                    elements.append((n.start, n.end, pick, n.atom))
            elif re.match(r"^[stc]!\d+$", n.atom) and n.atom in sort_of:
                pick = [d for d in defined if d != n.atom and sort_of[d] == sort_of[n.atom]]
                if name == "claims":
                    pick = [d for d in pick if d[0] == n.atom[0]]
                if pick:
                    references.append((n.start, n.end, pick, n.atom))
        if head:
            sort_of[head] = text[f.kids[3].start:f.kids[3].end]
            defined.append(head)
    return elements, references


def declared_elements(text):
    out = {}
    for m in re.finditer(r"\(declare-fun \|(.*)\[([0-9,]+)\]\| \(\)", text):
        out.setdefault(m.group(1), []).append(m.group(2))
    for k in out:
        out[k] = sorted(set(out[k]))
    return out


def element_claims(text, region):
    """The claims region's element claims (= s!i t!j), as a region of their own forms."""
    return [n for f in parse_forms(text, region[1], region[2]) for n in walk(f)
            if n.kids and n.kids[0].atom == "=" and len(n.kids) == 3
            and all(k.atom and re.match(r"^[st]!\d+$", k.atom) for k in n.kids[1:])]


def mutate(text, kind, rng):
    """The mutated text and a description, or None when the certificate has no site. The
    claims region's mutable parts are its element claims (= s!i t!j) only: the
    definedness claims are ground facts about numerals (divisor 6 is not 0). A constant
    mutation changes a numeral of a side; where neither side has one, a Real leaf of a
    side becomes 1.0."""
    regs = regions(text)
    declared = declared_elements(text)
    # Every definition of the query (for references) with its sort, in order.
    sorts = {}
    for r in regs:
        for f in parse_forms(text, r[1], r[2]):
            if f.kids and f.kids[0].atom == "define-fun":
                sorts[f.kids[1].atom] = text[f.kids[3].start:f.kids[3].end]
    per_region = []
    for r in regs:
        if kind == "operator":
            s = operator_sites(text, r)
        elif kind == "constant":
            s = constant_sites(text, r) if r[0] != "claims" else []
        elif r[0] == "claims":
            s = []
            for c in element_claims(text, r):
                for k in c.kids[1:]:
                    pick = [d for d in sorts if d[0] == k.atom[0] and d != k.atom
                            and sorts[d] == sorts.get(k.atom)]
                    if pick:
                        s.append(((k.start, k.end, pick, k.atom), "reference"))
        else:
            elements, references = index_sites(text, r, declared)
            s = [(x, "element") for x in elements] or [(x, "reference") for x in references]
        if s:
            per_region.append((r[0], s))
    if kind == "constant" and not per_region:
        # No numeral on either side (conv + residual: acc + r): a Real leaf becomes 1.0.
        real_leaves = set(re.findall(r"^\(declare-fun (\S+) \(\) Real\)$", text, re.M))
        for r in regs:
            if r[0] == "claims":
                continue
            s = []
            for _, body in define_bodies(parse_forms(text, r[1], r[2])):
                s += [((n.start, n.end, "1.0"), "%s -> 1.0" % n.atom) for n in walk(body)
                      if n.atom in real_leaves]
            if s:
                per_region.append((r[0], s))
    if kind == "index" and any(any(w == "element" for _, w in s) for _, s in per_region):
        per_region = [(n, [x for x in s if x[1] == "element"]) for n, s in per_region]
        per_region = [(n, s) for n, s in per_region if s]
    if not per_region:
        return None
    where, sites = rng.choice(per_region)
    edit, what = rng.choice(sites)
    if kind == "index":
        start, end, pick, old = edit
        new = rng.choice(sorted(pick))
        if INDEXED.match(new) and "(declare-fun %s ()" % new not in text:
            # A fresh element: declared after the last declaration of the one it replaces.
            decls = list(re.finditer(r"\(declare-fun %s \(\) (\S+)\)" % re.escape(old), text[:start]))
            if decls:
                at = decls[-1].end()
                ins = "\n(declare-fun %s () %s)" % (new, decls[-1].group(1))
                text = text[:at] + ins + text[at:]
                start, end = start + len(ins), end + len(ins)
        return text[:start] + new + text[end:], "index, %s: %s -> %s" % (where, old, new)
    start, end, new = edit
    return text[:start] + new + text[end:], "%s, %s: %s" % (kind, where, what)


# ---- replay -------------------------------------------------------------------------------


def z3_answers(text, timeout):
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        p = subprocess.run(["z3", "-T:%d" % timeout, path], capture_output=True, text=True,
                           timeout=timeout + 30)
        return p.stdout.split("\n")
    except subprocess.TimeoutExpired:
        return ["timeout"]
    finally:
        os.unlink(path)


def one_claim_at_a_time(text):
    """The text with each (assert (not (and C1 C2 ...))) followed by (check-sat) replaced by
    one (push) (assert (not Ck)) (check-sat) (pop) per claim; None when there is none."""
    out, pos, changed = [], 0, False
    for m in re.finditer(r"^\(assert \(not \(and (.*)\)\)\)\n\(check-sat\)$", text, re.M):
        claims = [text[n.start:n.end] for n in parse_forms(text, m.start(1), m.end(1))]
        if len(claims) < 2:
            continue
        out.append(text[pos:m.start()])
        out.append("\n".join("(push)\n(assert (not %s))\n(check-sat)\n(pop)" % c for c in claims))
        pos, changed = m.end(), True
    if not changed:
        return None
    out.append(text[pos:])
    return "".join(out)


def verdict(lines):
    if any(l.startswith("(error") for l in lines):
        return "error"
    if "sat" in lines:
        return "detected"
    return "survived"


def run_one(job):
    path, kind, timeout = job
    text = open(path).read()
    rng = random.Random(zlib.crc32(("%s|%s" % (os.path.basename(path), kind)).encode()))
    m = mutate(text, kind, rng)
    if m is None:
        return path, kind, "no site", ""
    mutant, what = m
    lines = z3_answers(mutant, timeout)
    v = verdict(lines)
    if v == "survived":
        # Not sat within the time: ask the claims one at a time (the negated conjunction is
        # sat exactly when one negated claim is). On a thousand gelu claims z3 finds no
        # model of the conjunction's negation in minutes, and one of the mutated claim's
        # at once.
        split = one_claim_at_a_time(mutant)
        if split is not None:
            lines = z3_answers(split, timeout)
            v = verdict(lines)
    return path, kind, v, what if v != "error" else what + " | " + " ".join(l for l in lines if l.startswith("(error"))[:300]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--limit", type=int, default=0, help="at most N certificates per DIR")
    ap.add_argument("--per-rule", type=int, default=0, help="at most N certificates per rule")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--json", help="write every mutant's result here")
    ap.add_argument("--allow", help="file of 'certificate kind' lines whose survival is explained")
    a = ap.parse_args()

    certs = []
    for d in a.dirs:
        files = sorted(f for f in os.listdir(os.path.join(d, "certificates")) if f.endswith(".smt2"))
        per_rule = {}
        chosen = []
        for f in files:
            rule = f.split("_", 1)[1][:-5]
            if a.per_rule and per_rule.get(rule, 0) >= a.per_rule:
                continue
            per_rule[rule] = per_rule.get(rule, 0) + 1
            chosen.append(os.path.join(d, "certificates", f))
        certs += chosen[: a.limit] if a.limit else chosen
    allowed = set()
    if a.allow:
        for line in open(a.allow):
            line = line.split("#")[0].strip()
            if line:
                allowed.add(tuple(line.split()[:2]))

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        # The certificates as written must replay unsat: else a mutant's sat means nothing.
        plain = list(pool.map(lambda p: (p, z3_answers(open(p).read(), a.timeout)), certs))
        for p, lines in plain:
            if "sat" in lines or "unsat" not in lines or any(l.startswith("(error") for l in lines):
                print("FAIL %s does not replay unsat unmutated: %s" % (p, " ".join(lines)[:200]))
                failures += 1
        jobs = [(p, k, a.timeout) for p in certs for k in ("operator", "constant", "index")]
        results = list(pool.map(run_one, jobs))

    counted = [r for r in results if r[2] in ("detected", "survived")]
    detected = sum(r[2] == "detected" for r in counted)
    print("certificates: %d, mutants: %d, detected (some check-sat sat): %d, %.1f %%"
          % (len(certs), len(counted), detected, 100.0 * detected / max(1, len(counted))))
    by_kind = {}
    for r in counted:
        t = by_kind.setdefault(r[1], [0, 0])
        t[0] += r[2] == "detected"
        t[1] += 1
    for k in ("operator", "constant", "index"):
        if k in by_kind:
            print("  %-8s %d of %d detected" % (k, by_kind[k][0], by_kind[k][1]))
    for r in results:
        name = os.path.basename(r[0])
        if r[2] == "no site":
            print("FAIL no %s site in %s" % (r[1], r[0]))
            failures += 1
        elif r[2] == "error":
            print("FAIL mutant does not parse (tool bug): %s %s: %s" % (r[0], r[1], r[3]))
            failures += 1
        elif r[2] == "survived":
            ok = (name, r[1]) in allowed
            print("  %s %s: %s (%s)" % ("survivor (explained)" if ok else "SURVIVOR", r[0], r[3],
                                         "listed in --allow" if ok else "not explained"))
            failures += not ok
    if a.json:
        with open(a.json, "w") as f:
            json.dump([{"certificate": r[0], "kind": r[1], "result": r[2], "mutation": r[3]}
                       for r in results], f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
