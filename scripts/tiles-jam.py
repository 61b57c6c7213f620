#!/usr/bin/env python3
"""How TilesMatching games jam before a death (docs/solver-report.md, "Eighth session, branch
tiles8"). Reads logs of `tiles_matching_hazard log` (seed move length lost counter, the
`eval::board_features`, then the `eval::jam_stats`) and prints, for the lost games, the mean
counter, discard share and board statistics by moves before the death; the jam's onset
(moves before the death when the 50-move discard share was last at or below the game's
own, or 0.25); and held-out logistic fits of P(death within K moves) (fitted on even seeds,
scored on odd ones and the other way round; every third state): log-loss, the base rate's,
AUC. Standard library only. Usage: KS=50,200 python3 scripts/tiles-jam.py LOG...
With BINS=1: P(death within 200 moves) by fill and by counter instead.
"""
import math
import os
import sys

F = ['one','left','miss','leftmiss','cov2f','cov3','deadf','emptyf']
J = ['fill','dead','frontier','sockets','cov1','cov2','fullest','lnsoon','open']
def load(files):
    games = {}
    for fn in files:
        for line in open(fn):
            v = line.split()
            seed = (fn, int(v[0]))
            r = dict(move=int(v[1]), length=int(v[2]), lost=int(v[3]), counter=int(v[4]))
            for k, x in zip(F + J, v[5:]):
                r[k] = float(x)
            games.setdefault(seed, []).append(r)
    for g in games.values():
        g.sort(key=lambda r: r['move'])
        # discard at move t iff the counter went up
        for i, r in enumerate(g):
            nxt = g[i + 1]['counter'] if i + 1 < len(g) else None
            r['disc'] = 1 if (nxt is not None and nxt > r['counter']) else 0
        for W in (50, 200):
            s = 0
            for i, r in enumerate(g):
                s += g[i - 1]['disc'] if i > 0 else 0
                if i - 1 - W >= 0:
                    s -= g[i - 1 - W]['disc']
                r['rate%d' % W] = s / max(1, min(i, W))
            s = 0
            for i, r in enumerate(g):
                s += r['counter']
                if i - W >= 0: s -= g[i - W]['counter']
                r['cnt%d' % W] = s / min(i + 1, W)
    return games

def sig(z):
    return 1 / (1 + math.exp(-z)) if z > -30 else 1e-13

def fit(X, y, ridge=1e-3, iters=12):
    d = len(X[0])
    b = [0.0] * d
    rate = sum(y) / len(y)
    b[0] = math.log(rate / (1 - rate))
    for _ in range(iters):
        g = [0.0] * d
        H = [[0.0] * d for _ in range(d)]
        for x, t in zip(X, y):
            p = sig(sum(a * c for a, c in zip(x, b)))
            w = max(p * (1 - p), 1e-9)
            for i in range(d):
                g[i] += (t - p) * x[i]
                xi = w * x[i]
                for j in range(i, d):
                    H[i][j] += xi * x[j]
        for i in range(d):
            for j in range(i):
                H[i][j] = H[j][i]
        for i in range(1, d):
            g[i] -= ridge * len(X) * b[i]
            H[i][i] += ridge * len(X)
        # solve
        A = [row[:] + [gg] for row, gg in zip(H, g)]
        for i in range(d):
            p = A[i][i]
            for j in range(i + 1, d):
                f = A[j][i] / p
                for k in range(i, d + 1):
                    A[j][k] -= f * A[i][k]
        st = [0.0] * d
        for i in reversed(range(d)):
            st[i] = (A[i][d] - sum(A[i][k] * st[k] for k in range(i + 1, d))) / A[i][i]
        def obj(bb):
            ll = 0.0
            for x, t in zip(X, y):
                z = sum(a * c for a, c in zip(x, bb))
                ll += t * -math.log1p(math.exp(-z)) + (1 - t) * -math.log1p(math.exp(z)) if abs(z) < 30 else (-abs(z) if (z > 0) != (t == 1) else 0)
            return ll - 0.5 * ridge * len(X) * sum(c * c for c in bb[1:])
        o = obj(b); step = 1.0
        while step > 1e-4:
            nb = [a + step * c for a, c in zip(b, st)]
            if obj(nb) >= o: b = nb; break
            step *= 0.5
        else:
            break
    return b

def logloss(p, t):
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -(t * math.log(p) + (1 - t) * math.log(1 - p))

def auc(ps, ys):
    s = sorted(zip(ps, ys))
    neg = 0; pairs = 0.0; i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j][0] == s[i][0]: j += 1
        tp = sum(t for _, t in s[i:j]); tn = (j - i) - tp
        pairs += tp * neg + 0.5 * tp * tn
        neg += tn; i = j
    pos = len(s) - neg
    return pairs / (pos * neg) if pos and neg else float('nan')

def dataset(games, K, keys, every, parity):
    X, y = [], []
    for (fn, seed), g in games.items():
        if seed % 2 != parity: continue
        for r in g[::every]:
            left = r['length'] - r['move']
            if r['lost'] and left <= K: t = 1
            elif left <= K: continue   # cut at the cap: outcome unknown
            else: t = 0
            X.append([1.0] + [r[k] for k in keys]); y.append(t)
    return X, y

def standardize(Xtr, Xte):
    d = len(Xtr[0])
    for i in range(1, d):
        m = sum(x[i] for x in Xtr) / len(Xtr)
        sd = math.sqrt(sum((x[i] - m) ** 2 for x in Xtr) / len(Xtr)) or 1
        for X in (Xtr, Xte):
            for x in X: x[i] = (x[i] - m) / sd

def heldout(games, K, keys, every=3):
    res = []
    for par in (0, 1):
        Xtr, ytr = dataset(games, K, keys, every, par)
        Xte, yte = dataset(games, K, keys, every, 1 - par)
        standardize(Xtr, Xte)
        b = fit(Xtr, ytr)
        ps = [sig(sum(a * c for a, c in zip(x, b))) for x in Xte]
        rate = sum(ytr) / len(ytr)
        res.append((sum(map(logloss, ps, yte)) / len(yte), sum(logloss(rate, t) for t in yte) / len(yte), auc(ps, yte), len(yte), sum(yte)))
    n = sum(r[3] for r in res)
    ll = sum(r[0] * r[3] for r in res) / n
    base = sum(r[1] * r[3] for r in res) / n
    return ll, base, (res[0][2] + res[1][2]) / 2, n, sum(r[4] for r in res)

def bins(games, K=200):
    for key, edges in [('fill', [0, .25, .3, .35, .4, .45, .5, .55, 1.01]), ('counter', [0, 1, 2, 3])]:
        print(key, 'bin | states | P(death within %d)' % K)
        for lo, hi in zip(edges, edges[1:]):
            n = d = 0
            for g in games.values():
                for r in g:
                    left = r['length'] - r['move']
                    if not (lo <= r[key] < hi):
                        continue
                    if left <= K and not r['lost']:
                        continue
                    n += 1
                    d += (r['lost'] and left <= K)
            if n:
                print('%.2f-%.2f | %d | %.3f' % (lo, hi, n, d / n))


if __name__ == '__main__':
    games = load(sys.argv[1:])
    if os.environ.get('BINS'):
        bins(games)
        sys.exit()
    lost = [g for g in games.values() if g[0]['lost']]
    print('games', len(games), 'lost', len(lost), 'moves', sum(len(g) for g in games.values()))
    # 1. profile before death
    bins = [(0, 25), (25, 50), (50, 100), (100, 200), (200, 300), (300, 500), (500, 800), (800, 10**6)]
    keys = ['counter', 'disc', 'fill', 'dead', 'frontier', 'sockets', 'cov1', 'cov2', 'fullest', 'lnsoon', 'open']
    print('moves before death | states | ' + ' | '.join(keys))
    for lo, hi in bins:
        rows = [r for g in lost for r in g if lo <= r['length'] - r['move'] < hi]
        if not rows: continue
        print('%d-%s | %d | ' % (lo, hi if hi < 10**6 else 'start', len(rows)) + ' | '.join('%.3f' % (sum(r[k] for r in rows) / len(rows)) for k in keys))
    surv = [r for g in games.values() if not g[0]['lost'] for r in g]
    if surv:
        print('full/cut games | %d | ' % len(surv) + ' | '.join('%.3f' % (sum(r[k] for r in surv) / len(surv)) for k in keys))
    # jam onset: last time before death the 50-move discard rate was <= the game's overall rate
    on = []
    for g in lost:
        overall = sum(r['disc'] for r in g) / len(g)
        t0 = None
        for r in reversed(g):
            if r['rate50'] <= max(overall, 0.25) and r['length'] - r['move'] > 10:
                t0 = r; break
        if t0: on.append((t0['length'] - t0['move'], overall, t0['fill'], t0['cov2']))
    on.sort()
    print('jam onset (moves before death, 50-move discard rate last at or below max(overall, 0.25)):', [o[0] for o in on])
    print('median', on[len(on)//2][0] if on else None)
    # 2. prediction
    sets = {
        'counter': ['counter'],
        'counter+rates': ['counter', 'rate50', 'cnt50', 'rate200'],
        'miss (P fits nowhere)': ['miss'],
        'fill': ['fill'],
        'dead': ['dead'],
        'sockets': ['sockets'],
        'cov2': ['cov2'],
        'fullest+lnsoon+open': ['fullest', 'lnsoon', 'open'],
        'board (all 9 stats)': J,
        'board + counter+rates': J + ['counter', 'rate50', 'cnt50', 'rate200'],
    }
    for K in [int(k) for k in os.environ.get('KS', '50,200').split(',')]:
        print('K', K)
        for name, ks in sets.items():
            ll, base, a, n, pos = heldout(games, K, ks)
            print('%s | %.4f | %.4f | %.3f | %d | %d' % (name, ll, base, a, n, pos))
