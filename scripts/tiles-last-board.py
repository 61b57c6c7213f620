#!/usr/bin/env python3
"""The last board of a `tiles_matching_trace` output: cells placed, free wildcard neighbours
(empty cells whose only placed neighbours are wildcards), coverage of the N x N tiles, and
discards. Usage: python3 scripts/tiles-last-board.py TRACE_OUTPUT N"""
import sys,re
# last board of a trace: tiles placed, free wildcard sockets, coverage of N*N
lines=open(sys.argv[1]).read().split('\n')
n=int(sys.argv[2])
blocks=[];cur=None
for l in lines:
    m=re.match(r'move (\d+) tile (\S+) counter (\d+) -> (.*)',l)
    if m: cur=[m.groups(),[]]; blocks.append(cur); continue
    if cur and l.startswith('  '):
        t=l.split()
        if t and all(re.fullmatch(r'\.|\*|\d\d',x) for x in t): cur[1].append(t)
(mv,tile,ctr,act),b=blocks[-1]
s=len(b); placed=sum(x!='.' for r in b for x in r)
free=0;fit=set()
for r in range(s):
  for c in range(s):
    if b[r][c]!='.': continue
    nb=[b[rr][cc] for rr,cc in ((r-1,c),(r+1,c),(r,c-1),(r,c+1)) if 0<=rr<s and 0<=cc<s and b[rr][cc]!='.']
    if not nb: continue
    if all(x=='*' for x in nb): free+=1
    for col in range(n):
      for sh in range(n):
        if all(x=='*' or int(x[0])==col or int(x[1])==sh for x in nb): fit.add((col,sh))
disc=sum(1 for (g,_) in blocks if g[3].startswith('DISCARD'))
print(f"move {mv} placed {placed} wild_sockets {free} cover {len(fit)/(n*n):.2f} discards {disc} of {len(blocks)}")
