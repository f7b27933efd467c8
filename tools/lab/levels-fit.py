#!/usr/bin/env python3
"""levels-fit.py - joint Elo fit of the strength levels from match PGNs.

Usage:
    levels-fit.py FIXED... -- PGN[@old=new,old=new...]...

FIXED is NAME=RATING or NAME=RATING+-ERR (ERR a 95 % half-width): players whose
rating is held fixed, e.g. an anchor (sf1500=1480) or a level measured against the
anchors (club=1300+-120). Every other player in the PGNs gets a maximum-likelihood
rating under the logistic Elo model (a draw counts half a win). A PGN argument may
rename players for that file (runs made under another UCI_Elo table used other
names for the same skill). Intervals: 95 %, game noise from the inverse Hessian,
plus the error of the fixed player the rating is tied to (added in quadrature, via
the player's share of games against each fixed player through the chain). The chain
is transitive: a level two links below an anchor carries both links' noise.
"""
import math
import re
import sys
from collections import defaultdict

K = math.log(10) / 400


def games(path, rename):
    tag = re.compile(r'^\[(\w+)\s+"(.*)"\]')
    cur = {}
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = tag.match(line)
            if not m:
                continue
            if m.group(1) == "Event" and "Result" in cur:
                yield cur
                cur = {}
            cur[m.group(1)] = m.group(2)
    if "Result" in cur:
        yield cur


def main(argv):
    if "--" not in argv:
        sys.exit(__doc__)
    sep = argv.index("--")
    fixed, err = {}, {}
    for a in argv[:sep]:
        name, val = a.split("=", 1)
        r, _, e = val.partition("+-")
        fixed[name] = float(r)
        err[name] = float(e) if e else 0.0
    pairs = defaultdict(lambda: [0.0, 0])  # (a, b) -> [score of a, games]
    for arg in argv[sep + 1:]:
        path, _, ren = arg.partition("@")
        rename = dict(x.split("=") for x in ren.split(",") if x)
        for g in games(path, rename):
            w, b = rename.get(g["White"], g["White"]), rename.get(g["Black"], g["Black"])
            s = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(g["Result"])
            if s is None:
                continue
            key = tuple(sorted((w, b)))
            pairs[key][0] += s if key[0] == w else 1 - s
            pairs[key][1] += 1
    players = sorted({p for k in pairs for p in k})
    free = [p for p in players if p not in fixed]
    idx = {p: i for i, p in enumerate(free)}
    r = {p: fixed.get(p, 1500.0) for p in players}
    n = len(free)
    for _ in range(100):  # Newton on the log-likelihood
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for (a, b), (s, g) in pairs.items():
            p = 1 / (1 + math.exp(-K * (r[a] - r[b])))
            d, h = K * (s - g * p), K * K * g * p * (1 - p)
            for x, sign in ((a, 1), (b, -1)):
                if x in idx:
                    grad[idx[x]] += sign * d
                    hess[idx[x]][idx[x]] += h
            if a in idx and b in idx:
                hess[idx[a]][idx[b]] -= h
                hess[idx[b]][idx[a]] -= h
        cov = invert(hess)
        step = [sum(cov[i][j] * grad[j] for j in range(n)) for i in range(n)]
        for p in free:
            r[p] += max(-400, min(400, step[idx[p]]))
        if max(abs(x) for x in step) < 0.01:
            break
    # Error of a fixed player propagates through d r_free / d r_fixed = H^-1 * B.
    print(f"{'player':<12} {'rating':>7} {'95%':>6}  games  vs")
    for p in players:
        if p in fixed:
            continue
        var = 1.96 ** 2 * cov[idx[p]][idx[p]]
        for f in fixed:
            dep = 0.0
            for (a, b), (s, g) in pairs.items():
                if f not in (a, b):
                    continue
                o = b if a == f else a
                if o in idx:
                    q = 1 / (1 + math.exp(-K * (r[a] - r[b])))
                    dep += cov[idx[p]][idx[o]] * K * K * g * q * (1 - q)
            var += (dep * err[f]) ** 2
        opp = ", ".join(f"{(b if a == p else a)}:{g}" for (a, b), (s, g) in sorted(pairs.items()) if p in (a, b))
        ng = sum(g for (a, b), (s, g) in pairs.items() if p in (a, b))
        print(f"{p:<12} {r[p]:7.0f} {math.sqrt(var):6.0f}  {ng:5d}  {opp}")


def invert(m):
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda i: abs(a[i][c]))
        a[c], a[piv] = a[piv], a[c]
        d = a[c][c]
        a[c] = [x / d for x in a[c]]
        for i in range(n):
            if i != c and a[i][c]:
                f = a[i][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c])]
    return [row[n:] for row in a]


if __name__ == "__main__":
    main(sys.argv[1:])
