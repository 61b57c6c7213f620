#!/usr/bin/env python3
"""The last 200 moves of a lost game, from `tiles_matching_trace` with LAST=200: per window of
moves before the death, the mean fill, coverage (share of the N x N tiles that fit some
frontier cell), discard share, counter, and colours / shapes on the board.
Usage: python3 scripts/tiles-death-window.py TRACE_OUTPUT"""
# Reads tiles_matching_trace LAST=K output; prints per window before the death:
# fill, discard share, mean counter, coverage (share of N*N tiles that fit somewhere),
# colours/shapes present.
import sys, re
def parse(path):
    moves=[]; cur=None; n=None
    for line in open(path):
        m=re.match(r'move (\d+) tile (\S+) counter (\d+) -> (.*)',line)
        if m:
            cur=dict(move=int(m[1]),tile=m[2],counter=int(m[3]),act=m[4].strip(),rows=[]); moves.append(cur); continue
        m=re.match(r'N (\d+) S (\d+) D (\d+) moves (\d+) score (\d+) lost (\d)',line)
        if m: n=int(m[1]); info=m.groups(); continue
        if cur is not None and line.startswith('  ') and not line.strip().startswith(('answer',)):
            toks=line.split()
            if all(re.fullmatch(r'\.|\*|\d\d',t) for t in toks): cur['rows'].append(toks)
    return moves,n,info
def stats(b,n):
    s=len(b); placed=0; fit=set(); cols=set(); shapes=set()
    for r in range(s):
        for c in range(s):
            t=b[r][c]
            if t!='.':
                placed+=1
                if t!='*': cols.add(t[0]); shapes.add(t[1])
    for r in range(s):
        for c in range(s):
            if b[r][c]!='.': continue
            nb=[b[rr][cc] for rr,cc in ((r-1,c),(r+1,c),(r,c-1),(r,c+1)) if 0<=rr<s and 0<=cc<s and b[rr][cc]!='.']
            if not nb: continue
            for col in range(n):
                for sh in range(n):
                    if all(x=='*' or int(x[0])==col or int(x[1])==sh for x in nb): fit.add((col,sh))
    return placed/(s*s), len(fit)/(n*n), len(cols), len(shapes)
moves,n,info=parse(sys.argv[1])
end=moves[-1]['move']
wins=[(200,100),(100,50),(50,25),(25,0)]
out=[]
for hi,lo in wins:
    w=[m for m in moves if end-hi< m['move']<=end-lo]
    if not w: continue
    st=[stats(m['rows'],n) for m in w]
    k=len(w)
    out.append("%d-%d: fill %.2f cover %.2f disc %.2f ctr %.2f col %.1f shp %.1f"%(hi,lo,sum(x[0] for x in st)/k,sum(x[1] for x in st)/k,sum(m['act']=='DISCARD' for m in w)/k,sum(m['counter'] for m in w)/k,sum(x[2] for x in st)/k,sum(x[3] for x in st)/k))
print(sys.argv[1], 'N S D moves score lost', *info); print('  '+'\n  '.join(out))
