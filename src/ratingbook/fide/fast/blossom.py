"""networkx's minimum-weight maximum-cardinality matching, step for step, on plain dicts.

gacrux matches a score bracket with ``networkx.min_weight_matching`` (Edmonds' blossom
algorithm, Galil's primal-dual form), which at 2,000 players spends three quarters of its time
reading weights through its graph views. :func:`min_weight_matching` is the same algorithm on a
dict of dicts: the same nodes and neighbours in the same order (as ``networkx.Graph`` builds
them), the same exact integer arithmetic, the same choice at every tie, so the very set networkx
returns (checked on random graphs with ties and huge weights by ``tests/fide/test_fast_dutch.py``).
Only how values are kept changed: each weight is read from ``twice[v][w]`` (twice the inverted
weight, as the slack formula uses it), an edge's slack is computed once until the duals change,
the edges allowed are sets by vertex, and networkx's self-check (``verifyOptimum``, assertions
only) runs on request. :data:`FOLLOWS` names the networkx functions followed;
``tests/fide/test_blossom.py`` pins the sha256 of their source.

Adapted from networkx/algorithms/matching.py (networkx 3.6), whose licence is:

    Copyright (c) 2004-2025, NetworkX Developers
    Aric Hagberg <hagberg@lanl.gov>
    Dan Schult <dschult@colgate.edu>
    Pieter Swart <swart@lanl.gov>
    All rights reserved.

    Redistribution and use in source and binary forms, with or without modification, are
    permitted provided that the following conditions are met:
    * Redistributions of source code must retain the above copyright notice, this list of
      conditions and the following disclaimer.
    * Redistributions in binary form must reproduce the above copyright notice, this list of
      conditions and the following disclaimer in the documentation and/or other materials
      provided with the distribution.
    * Neither the name of the NetworkX Developers nor the names of its contributors may be used
      to endorse or promote products derived from this software without specific prior written
      permission.

    THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
    OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
    MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
    COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
    EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
    SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
    HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
    TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE,
    EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["FOLLOWS", "graph_adjacency", "min_weight_matching"]
#: The functions of ``networkx.algorithms.matching`` (networkx 3.6) this module follows.
FOLLOWS = ("max_weight_matching", "min_weight_matching", "matching_dict_to_set")

Adjacency = dict[Any, dict[Any, Any]]


def graph_adjacency(edges: Iterable[tuple[Any, Any, Any]]) -> Adjacency:
    """The adjacency ``networkx.Graph().add_weighted_edges_from(edges)`` builds: nodes in the
    order they first appear, each node's neighbours in the order their edge first appears, and
    a repeated edge keeping its place with the last weight."""
    adj: Adjacency = {}
    for u, v, w in edges:
        adj.setdefault(u, {})[v] = w
        adj.setdefault(v, {})[u] = w
    return adj


def _edges(adj: Adjacency) -> Iterator[tuple[Any, Any, Any]]:
    """``G.edges(data=weight)``'s order: each edge once, from the node met first."""
    seen: set[Any] = set()
    for n, nbrs in adj.items():
        for nbr, w in nbrs.items():
            if nbr not in seen:
                yield n, nbr, w
        seen.add(n)


def min_weight_matching(
    edges: Iterable[tuple[Any, Any, int]], *, verify: bool = False
) -> set[tuple[Any, Any]]:
    """``networkx.min_weight_matching(G)`` for the graph ``G`` that
    ``G.add_weighted_edges_from(edges)`` builds: the same set of pairs.

    ``verify``: also run networkx's final check of the duals (``verifyOptimum``: assertions
    only, which never change the result, and a tenth of the time; the tests run it)."""
    adj = graph_adjacency(edges)
    if not any(adj.values()):
        return _max_weight_matching([adj], True, verify)
    max_weight = 1 + max(w for _, _, w in _edges(adj))
    inverted = [graph_adjacency((u, v, max_weight - w) for u, v, w in _edges(adj))]
    del adj  # the inverted copy alone goes on: the weights are held once at a time
    return _max_weight_matching(inverted, True, verify)


NoNode = object()  # Dummy value which is different from any node.


class Blossom:
    """Representation of a non-trivial blossom or sub-blossom."""

    __slots__ = ["childs", "edges", "mybestedges"]
    childs: list[Any]
    edges: list[tuple[Any, Any]]
    mybestedges: list[tuple[Any, Any]] | None

    def leaves(self) -> Iterator[Any]:
        stack = [*self.childs]
        while stack:
            t = stack.pop()
            if isinstance(t, Blossom):
                stack.extend(t.childs)
            else:
                yield t


def _max_weight_matching(
    graph: list[Adjacency], maxcardinality: bool, verify: bool
) -> set[tuple[Any, Any]]:
    """networkx's ``max_weight_matching`` of the one graph in ``graph`` (taken out of the
    list, so that only the doubled weights below stay in memory)."""
    adj = graph.pop()
    gnodes = list(adj)
    if not gnodes:
        return set()
    maxweight: Any = 0
    allinteger = True
    for i, j, wt in _edges(adj):
        if i != j and wt > maxweight:
            maxweight = wt
        allinteger = allinteger and (str(type(wt)).split("'")[1] in ("int", "long"))
    # Twice each weight, as the slack formula reads it; self-loops, which networkx skips
    # wherever it reads a neighbour, are left out.
    twice: Adjacency = {v: {w: 2 * wt for w, wt in n.items() if w != v} for v, n in adj.items()}
    del adj

    mate: dict[Any, Any] = {}
    label: dict[Any, Any] = {}
    labeledge: dict[Any, Any] = {}
    inblossom: dict[Any, Any] = dict(zip(gnodes, gnodes, strict=True))
    blossomparent: dict[Any, Any] = dict.fromkeys(gnodes)
    blossombase: dict[Any, Any] = dict(zip(gnodes, gnodes, strict=True))
    bestedge: dict[Any, Any] = {}
    dualvar: dict[Any, Any] = dict.fromkeys(gnodes, maxweight)
    blossomdual: dict[Any, Any] = {}
    allowedge: defaultdict[Any, set[Any]] = defaultdict(set)  # networkx's (v, w): w in [v]
    queue: list[Any] = []

    def allow(v: Any, w: Any) -> None:
        allowedge[v].add(w)
        allowedge[w].add(v)

    # An edge's slack, kept until the duals change (networkx computes it at each comparison).
    slacks: dict[tuple[Any, Any], Any] = {}

    def slack_of(edge: tuple[Any, Any]) -> Any:
        found = slacks.get(edge)
        if found is None:
            found = slacks[edge] = dualvar[edge[0]] + dualvar[edge[1]] - twice[edge[0]][edge[1]]
        return found

    def assignLabel(w: Any, t: int, v: Any) -> None:
        b = inblossom[w]
        assert label.get(w) is None and label.get(b) is None
        label[w] = label[b] = t
        if v is not None:
            labeledge[w] = labeledge[b] = (v, w)
        else:
            labeledge[w] = labeledge[b] = None
        bestedge[w] = bestedge[b] = None
        if t == 1:
            if isinstance(b, Blossom):
                queue.extend(b.leaves())
            else:
                queue.append(b)
        elif t == 2:
            base = blossombase[b]
            assignLabel(mate[base], 1, base)

    def scanBlossom(v: Any, w: Any) -> Any:
        path = []
        base: Any = NoNode
        while v is not NoNode:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            assert label[b] == 1
            path.append(b)
            label[b] = 5
            if labeledge[b] is None:
                assert blossombase[b] not in mate
                v = NoNode
            else:
                assert labeledge[b][0] == mate[blossombase[b]]
                v = labeledge[b][0]
                b = inblossom[v]
                assert label[b] == 2
                v = labeledge[b][0]
            if w is not NoNode:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def addBlossom(base: Any, v: Any, w: Any) -> None:
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = Blossom()
        blossombase[b] = base
        blossomparent[b] = None
        blossomparent[bb] = b
        b.childs = path = []
        b.edges = edgs = [(v, w)]
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            edgs.append(labeledge[bv])
            assert label[bv] == 2 or (label[bv] == 1 and labeledge[bv][0] == mate[blossombase[bv]])
            v = labeledge[bv][0]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            edgs.append((labeledge[bw][1], labeledge[bw][0]))
            assert label[bw] == 2 or (label[bw] == 1 and labeledge[bw][0] == mate[blossombase[bw]])
            w = labeledge[bw][0]
            bw = inblossom[w]
        assert label[bb] == 1
        label[b] = 1
        labeledge[b] = labeledge[bb]
        blossomdual[b] = 0
        for v in b.leaves():
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        bestedgeto: dict[Any, Any] = {}
        for bv in path:
            if isinstance(bv, Blossom):
                if bv.mybestedges is not None:
                    nblist = bv.mybestedges
                    bv.mybestedges = None
                else:
                    nblist = [(v, w) for v in bv.leaves() for w in twice[v]]
            else:
                nblist = [(bv, w) for w in twice[bv]]
            for k in nblist:
                (i, j) = k
                if inblossom[j] is b:
                    i, j = j, i
                bj = inblossom[j]
                if bj is not b and label.get(bj) == 1:
                    best = bestedgeto.get(bj)
                    if best is None:
                        bestedgeto[bj] = k
                    elif (ks := dualvar[i] + dualvar[j] - twice[i][j]) < (
                        slacks.get(best) or slack_of(best)
                    ):
                        bestedgeto[bj] = k
                        slacks[k] = ks
            bestedge[bv] = None
        b.mybestedges = list(bestedgeto.values())
        mybestedge = None
        mybestslack: Any = None
        bestedge[b] = None
        for k in b.mybestedges:
            kslack = slack_of(k)
            if mybestedge is None or kslack < mybestslack:
                mybestedge = k
                mybestslack = kslack
        bestedge[b] = mybestedge

    def expandBlossom(b: Any, endstage: bool) -> None:
        def _recurse(b: Any, endstage: bool) -> Iterator[Any]:
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, Blossom):
                    if endstage and blossomdual[s] == 0:
                        yield s
                    else:
                        for v in s.leaves():
                            inblossom[v] = s
                else:
                    inblossom[s] = s
            if (not endstage) and label.get(b) == 2:
                entrychild = inblossom[labeledge[b][1]]
                j = b.childs.index(entrychild)
                if j & 1:
                    j -= len(b.childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = labeledge[b]
                while j != 0:
                    if jstep == 1:
                        p, q = b.edges[j]
                    else:
                        q, p = b.edges[j - 1]
                    label[w] = None
                    label[q] = None
                    assignLabel(w, 2, v)
                    allow(p, q)
                    j += jstep
                    if jstep == 1:
                        v, w = b.edges[j]
                    else:
                        w, v = b.edges[j - 1]
                    allow(v, w)
                    j += jstep
                bw = b.childs[j]
                label[w] = label[bw] = 2
                labeledge[w] = labeledge[bw] = (v, w)
                bestedge[bw] = None
                j += jstep
                while b.childs[j] != entrychild:
                    bv = b.childs[j]
                    if label.get(bv) == 1:
                        j += jstep
                        continue
                    if isinstance(bv, Blossom):
                        for v in bv.leaves():
                            if label.get(v):
                                break
                    else:
                        v = bv
                    if label.get(v):
                        assert label[v] == 2
                        assert inblossom[v] == bv
                        label[v] = None
                        label[mate[blossombase[bv]]] = None
                        assignLabel(v, 2, labeledge[v][0])
                    j += jstep
            label.pop(b, None)
            labeledge.pop(b, None)
            bestedge.pop(b, None)
            del blossomparent[b]
            del blossombase[b]
            del blossomdual[b]

        stack = [_recurse(b, endstage)]
        while stack:
            top = stack[-1]
            for s in top:
                stack.append(_recurse(s, endstage))
                break
            else:
                stack.pop()

    def augmentBlossom(b: Any, v: Any) -> None:
        def _recurse(b: Any, v: Any) -> Iterator[tuple[Any, Any]]:
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if isinstance(t, Blossom):
                yield (t, v)
            i = j = b.childs.index(t)
            if i & 1:
                j -= len(b.childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.childs[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, Blossom):
                    yield (t, x)
                mate[w] = x
                mate[x] = w
            b.childs = b.childs[i:] + b.childs[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            blossombase[b] = blossombase[b.childs[0]]
            assert blossombase[b] == v

        stack = [_recurse(b, v)]
        while stack:
            top = stack[-1]
            for args in top:
                stack.append(_recurse(*args))
                break
            else:
                stack.pop()

    def augmentMatching(v: Any, w: Any) -> None:
        for s, j in ((v, w), (w, v)):
            while 1:
                bs = inblossom[s]
                assert label[bs] == 1
                assert (labeledge[bs] is None and blossombase[bs] not in mate) or (
                    labeledge[bs][0] == mate[blossombase[bs]]
                )
                if isinstance(bs, Blossom):
                    augmentBlossom(bs, s)
                mate[s] = j
                if labeledge[bs] is None:
                    break
                t = labeledge[bs][0]
                bt = inblossom[t]
                assert label[bt] == 2
                s, j = labeledge[bt]
                assert blossombase[bt] == t
                if isinstance(bt, Blossom):
                    augmentBlossom(bt, j)
                mate[j] = s

    def verifyOptimum() -> None:
        vdualoffset = max(0, -min(dualvar.values())) if maxcardinality else 0
        assert min(dualvar.values()) + vdualoffset >= 0
        assert len(blossomdual) == 0 or min(blossomdual.values()) >= 0
        for i, j, wt2 in _edges(twice):
            if i == j:
                continue
            s = dualvar[i] + dualvar[j] - wt2
            iblossoms = [i]
            jblossoms = [j]
            while blossomparent[iblossoms[-1]] is not None:
                iblossoms.append(blossomparent[iblossoms[-1]])
            while blossomparent[jblossoms[-1]] is not None:
                jblossoms.append(blossomparent[jblossoms[-1]])
            iblossoms.reverse()
            jblossoms.reverse()
            for bi, bj in zip(iblossoms, jblossoms, strict=False):
                if bi != bj:
                    break
                s += 2 * blossomdual[bi]
            assert s >= 0
            if mate.get(i) == j or mate.get(j) == i:
                assert mate[i] == j and mate[j] == i
                assert s == 0
        for v in gnodes:
            assert (v in mate) or dualvar[v] + vdualoffset == 0
        for b in blossomdual:
            if blossomdual[b] > 0:
                assert len(b.edges) % 2 == 1
                for i, j in b.edges[1::2]:
                    assert mate[i] == j and mate[j] == i

    # Main loop: continue until no further improvement is possible.
    while 1:
        label.clear()
        labeledge.clear()
        bestedge.clear()
        for b in blossomdual:
            b.mybestedges = None
        allowedge.clear()
        queue[:] = []
        for v in gnodes:
            if (v not in mate) and label.get(inblossom[v]) is None:
                assignLabel(v, 1, None)
        augmented = 0
        while 1:
            while queue and not augmented:
                v = queue.pop()
                assert label[inblossom[v]] == 1
                # networkx reads these afresh at each neighbour; only addBlossom changes one
                # of them here (inblossom[v]): they are read once, inblossom[v] after it too.
                dual_v = dualvar[v]
                bv = inblossom[v]
                allow_v = allowedge[v]
                for w, wt2 in twice[v].items():
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    if w in allow_v:
                        allowed = True
                    else:
                        kslack = dual_v + dualvar[w] - wt2
                        allowed = kslack <= 0
                        if allowed:
                            allow(v, w)
                    label_bw = label.get(bw)
                    if allowed:
                        if label_bw is None:
                            assignLabel(w, 2, v)
                        elif label_bw == 1:
                            base = scanBlossom(v, w)
                            if base is not NoNode:
                                addBlossom(base, v, w)
                                bv = inblossom[v]
                            else:
                                augmentMatching(v, w)
                                augmented = 1
                                break
                        elif label.get(w) is None:
                            assert label[bw] == 2
                            label[w] = 2
                            labeledge[w] = (v, w)
                    # The slack of the edge made best is kept (slack_of would compute it).
                    elif (
                        x := bv if label_bw == 1 else w if label.get(w) is None else None
                    ) is not None:
                        best = bestedge.get(x)
                        if best is None or kslack < (slacks.get(best) or slack_of(best)):
                            bestedge[x] = best = (v, w)
                            slacks[best] = kslack
            if augmented:
                break
            deltatype = -1
            delta: Any = None
            deltaedge: Any = None
            deltablossom: Any = None
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar.values())
            for v in gnodes:
                if label.get(inblossom[v]) is None and bestedge.get(v) is not None:
                    d = slack_of(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in blossomparent:
                if blossomparent[b] is None and label.get(b) == 1 and bestedge.get(b) is not None:
                    kslack = slack_of(bestedge[b])
                    if allinteger:
                        assert (kslack % 2) == 0
                        d = kslack // 2
                    else:
                        d = kslack / 2.0
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in blossomdual:
                if (
                    blossomparent[b] is None
                    and label.get(b) == 2
                    and (deltatype == -1 or blossomdual[b] < delta)
                ):
                    delta = blossomdual[b]
                    deltatype = 4
                    deltablossom = b
            if deltatype == -1:
                assert maxcardinality
                deltatype = 1
                delta = max(0, min(dualvar.values()))
            for v in gnodes:
                t = label.get(inblossom[v])
                if t == 1:
                    dualvar[v] -= delta
                elif t == 2:
                    dualvar[v] += delta
            slacks.clear()
            for b in blossomdual:
                if blossomparent[b] is None:
                    if label.get(b) == 1:
                        blossomdual[b] += delta
                    elif label.get(b) == 2:
                        blossomdual[b] -= delta
            if deltatype == 1:
                break
            elif deltatype == 2:
                (v, w) = deltaedge
                assert label[inblossom[v]] == 1
                allow(v, w)
                queue.append(v)
            elif deltatype == 3:
                (v, w) = deltaedge
                allow(v, w)
                assert label[inblossom[v]] == 1
                queue.append(v)
            elif deltatype == 4:
                expandBlossom(deltablossom, False)
        for v in mate:
            assert mate[mate[v]] == v
        if not augmented:
            break
        for b in list(blossomdual.keys()):
            if b not in blossomdual:
                continue
            if blossomparent[b] is None and label.get(b) == 1 and blossomdual[b] == 0:
                expandBlossom(b, True)
    if allinteger and verify:
        verifyOptimum()
    return _matching_dict_to_set(mate)


def _matching_dict_to_set(matching: dict[Any, Any]) -> set[tuple[Any, Any]]:
    """networkx's ``matching_dict_to_set``: the same pairs, added to the set in the same order."""
    edges: set[tuple[Any, Any]] = set()
    for edge in matching.items():
        u, v = edge
        if (v, u) in edges or edge in edges:
            continue
        if u == v:
            raise ValueError(f"Selfloops cannot appear in matchings {edge}")
        edges.add(edge)
    return edges
