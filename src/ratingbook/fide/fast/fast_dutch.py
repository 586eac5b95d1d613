"""gacrux's Dutch engine with the same weights stored and matched in less memory and time.

Which path pairs a round: :func:`dutch_engine` gives gacrux's own ``pairing_dutch`` when asked
(``path="gacrux"``, or the environment variable ``RATINGBOOK_PAIRING_PATH=gacrux``), and
otherwise :class:`FastDutch`, which is gacrux's class with these functions stood in for (every
other line of gacrux runs as it is; ``tests/fide/test_fast_dutch.py`` pins the source of each
function replaced, so a new gacrux release fails a test rather than a pairing):

- ``crosstable_dutch.update_edge`` gives every candidate pair of a score bracket a fresh
  quality dict of 26 keys and seven short lists; :meth:`FastCrosstable.update_edge` computes
  the same values by the same lines with gacrux's enum lookups (``qdefs(n).name``, a dict
  comprehension over ``qdefs``: two thirds of its time) read from constants, and keeps them
  with the keys shared and the lists as tuples held once (lists again where gacrux adds to
  them, ``compute_weight``).
- ``crosstable.create_edge`` (with ``crosstable_dutch.update_canmeet``) builds each of the n²
  edges of the crosstable as a dict literal, which :mod:`~ratingbook.fide.fast.compact_edges`
  then copies into a compact one; :meth:`FastCrosstable.create_edge` computes the same values
  once and builds the compact edge directly (gacrux's own outside ``compact_storage``).
- ``pairing.list_edges`` sorts the edges that can meet by a key per edge; they are read in
  (``ca``, ``cb``) order already, so :meth:`FastDutch.list_edges` takes them by score levels.
- ``crosstable_dutch.update_homogenious`` gave every candidate pair of a score bracket three
  quality lists as long as the bracket (``HO3``, ``HO4``, ``HO5``: its lines 494-496), memory
  growing with the cube of the bracket. :meth:`FastCrosstable.update_homogenious` computes the
  very same ``howeight`` (same formula, same lists of weights) and leaves in those three places
  one shared note of the bracket; ``compute_weight`` writes the three lists out for the pairs
  actually made, exactly as gacrux would have had them, before summing them.
- ``pairing_dutch.pair_weighted_round``, ``weighted_match`` and ``find_weighted_pab`` matched
  with ``networkx.min_weight_matching`` on a ``networkx.Graph``; here the same edges in the
  same order go to :func:`~ratingbook.fide.fast.blossom.min_weight_matching`, networkx's own
  algorithm on plain dicts, which returns the same set. Their ``verbose`` and report prints are
  left out (ratingbook never asks for them).

The functions below are adapted from gacrux 1.11.65 (gacrux/pairingdutch.py and
gacrux/crosstabledutch.py), whose licence is:

    Copyright 2024, Otto Milvang

    Permission is hereby granted, free of charge, to any person obtaining a copy of this
    software and associated documentation files (the "Software"), to deal in the Software
    without restriction, including without limitation the rights to use, copy, modify, merge,
    publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
    to whom the Software is furnished to do so, subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all copies or
    substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
    INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
    PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
    FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
    OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
    DEALINGS IN THE SOFTWARE.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

from gacrux.crosstable import crosstable, flt
from gacrux.crosstabledutch import (
    HO1,
    HO2,
    HO3,
    HO4,
    HO5,
    QC6,
    QC7,
    QC8,
    QC9,
    QC10,
    QC11,
    QC12,
    QC13,
    QC14,
    QC15,
    QC16,
    QC17,
    QC18,
    QC19,
    QC20,
    QC21,
    QL,
    QMM,
    QN8,
    crosstable_dutch,
    qdefs,
)
from gacrux.pairingdutch import pairing_dutch

from ratingbook.errors import RatingbookError
from ratingbook.fide.fast.blossom import min_weight_matching
from ratingbook.fide.fast.compact_edges import compacting, new_edge

__all__ = [
    "NOTE_AT",
    "PAIRING_PATHS",
    "PAIRING_PATH_VARIABLE",
    "REPLACED",
    "FastCrosstable",
    "FastDutch",
    "dutch_engine",
    "pairing_path",
]

_log = logging.getLogger(__name__)

#: From this many players in one weighted matching (a score group and the players below it),
#: the pairing says so (logged, INFO) before it starts: the matching's time grows with the cube
#: of that number (about 30 s at 630 players, 5 minutes at 1,258 on a laptop).
NOTE_AT = 400

#: The environment variable that picks the pairing path when no ``path`` argument does.
PAIRING_PATH_VARIABLE = "RATINGBOOK_PAIRING_PATH"
#: ``fast``: :class:`FastDutch` (the default); ``gacrux``: gacrux's own ``pairing_dutch``.
PAIRING_PATHS = ("fast", "gacrux")

#: The gacrux functions the fast path stands in for (class, function name).
REPLACED: tuple[tuple[type, str], ...] = (
    (crosstable, "create_edge"),
    (crosstable_dutch, "update_canmeet"),
    (crosstable_dutch, "update_edge"),
    (pairing_dutch, "list_edges"),
    (crosstable_dutch, "update_homogenious"),
    (crosstable_dutch, "compute_weight"),
    (pairing_dutch, "pair_weighted_round"),
    (pairing_dutch, "weighted_match"),
    (pairing_dutch, "find_weighted_pab"),
)


def pairing_path(path: str | None = None) -> str:
    """``path``, else ``$RATINGBOOK_PAIRING_PATH``, else ``fast``; anything else is refused."""
    chosen = path if path is not None else os.environ.get(PAIRING_PATH_VARIABLE) or "fast"
    if chosen not in PAIRING_PATHS:
        raise RatingbookError(
            f"unknown pairing path {chosen!r} ({PAIRING_PATH_VARIABLE}): "
            f"use {' or '.join(map(repr, PAIRING_PATHS))}"
        )
    return chosen


def dutch_engine(
    tournament: dict[str, Any], round_number: int, params: dict[str, Any], path: str | None = None
) -> Any:
    """gacrux's Dutch engine for the round, on the path :func:`pairing_path` picks."""
    engine = pairing_dutch if pairing_path(path) == "gacrux" else FastDutch
    return engine(tournament, round_number, params)


@dataclass(frozen=True, slots=True)
class _Homogeneous:
    """One call of ``update_homogenious``: what the three quality lists of its edges hold."""

    scorelevel: int
    bsn: dict[int, int]
    S: int
    B3: int
    B4: int
    B5: int


#: The keys of gacrux's quality dict (``crosstable_dutch.update_edge``), in its order.
QUALITY_KEYS = tuple(q.name for q in qdefs if q.value < QL)
#: The criteria C.10 to C.17 (a number each) and C.18 to C.21 (a list each), by name.
_QC10_17 = tuple(qdefs(v).name for v in range(qdefs.QC10.value, qdefs.QC18.value))
_QC18_21 = tuple(qdefs(v).name for v in range(qdefs.QC18.value, qdefs.QC21.value + 1))
#: The lists of a quality dict, kept as tuples in the compact one.
_LISTS = (QC7, QC8, QMM, *_QC18_21)
_DF1, _UF1, _DF2, _UF2 = (f.value for f in (flt.DF1, flt.UF1, flt.DF2, flt.UF2))
_COLTRANS = {"nc": "n", "w0": "w", "w1": "W", "w2": "W", "b0": "b", "b1": "B", "b2": "B"}


class _Quality:
    """Its instances' ``__dict__`` share one key table: every quality dict has the same keys,
    built in one order (``crosstable_dutch.update_edge``)."""


def _shared_quality() -> dict[str, Any]:
    """A quality dict of gacrux's keys, all ``None``, that shares its key table: a copy of it
    (``dict.copy``) shares it too, at a tenth of the cost of building one."""
    o = _Quality()
    for key in QUALITY_KEYS:
        setattr(o, key, None)
    shared: dict[str, Any] = o.__dict__
    return shared


_NO_QUALITY = _shared_quality()


class FastCrosstable(crosstable_dutch):  # type: ignore[misc]
    """``crosstable_dutch`` with each pair's quality stored compactly: the dict's keys shared,
    its short lists as tuples held once for all pairs, and its homogeneous lists written out
    only for the pairs made."""

    def create_edge(self, nodea: Any, nodeb: Any, bhasmet: Any = None) -> Any:
        # crosstable.create_edge and crosstable_dutch.update_canmeet (called once for each of
        # the n² edges of the crosstable), the same values, built straight into the compact
        # edge compact_storage would have made of gacrux's literal; outside it, gacrux's own.
        if not compacting():
            return super().create_edge(nodea, nodeb, bhasmet)
        (a, b) = (nodea, nodeb) if nodea["cid"] <= nodeb["cid"] else (nodeb, nodea)
        played = bhasmet.count(a["cid"]) if bhasmet is not None else 0
        ca = a["cid"]
        cb = b["cid"]
        BLOB = self.BLOB
        if self.checkonly:
            hb = b.get("hst", {}).get("val", "N")
            canmeet = hb not in ["", "N"] and int(hb[0:-1]) == a["cid"]
        else:
            canmeet = (played < self.maxmeets and ca != cb and a["rfp"] and b["rfp"]) or (
                ca < BLOB and cb == BLOB
            )
            acop = a["cop"]  # C.04.3 C3: two absolute same-colour preferences, no topscorer
            if (
                (acop == "w2" or acop == "b2")
                and b["cop"] == acop
                and not a["top"]
                and not b["top"]
            ):
                canmeet = False
        unplayed = self.rnd - 1 - b["num"].get("val", 0)
        return new_edge(
            ca, cb, a["scorelevel"], b["scorelevel"], canmeet, cb == BLOB, played, unplayed
        )

    def update_edge(self, edge: dict[str, Any]) -> None:
        # crosstabledutch.update_edge, the same values; its enum lookups (qdefs(elem).name, the
        # dict comprehension over qdefs: two thirds of its time) read from the constants above.
        # gacrux builds a fresh quality dict (26 keys, 7 lists) for each pair of a bracket:
        # about 1.7 kB, for hundreds of thousands of pairs at 2,000 players. Kept here as an
        # equal dict with shared keys and its lists as interned tuples (about 0.3 kB); the
        # tuples are lists again before compute_weight, the one place that adds to them. An
        # edge to the BLOB (the players below, as one) is rebuilt at every read, compute_weight's
        # too, so it keeps gacrux's own lists.
        c = edge
        scorelevel = self.scorelevel
        if c["qlevel"] == scorelevel and c["cb"] < self.BLOB:
            return
        blob = c["cb"] == self.BLOB
        c["qlevel"] = scorelevel
        q: dict[str, Any] = dict.fromkeys(QUALITY_KEYS) if blob else _NO_QUALITY.copy()
        c["quality"] = q
        maxpsd = self.maxpsd
        if not c["canmeet"]:
            return
        competitors = self.competitors
        a = competitors[c["ca"]]
        b = competitors[c["cb"]]
        weight = self.weight
        cweight = 0
        if a["scorelevel"] < b["scorelevel"]:
            (a, b) = (b, a)
        q[QC6] = 0
        q[QC7] = [0] * (maxpsd)
        q[QN8] = 0
        q[QC8] = [0] * (maxpsd + 1)
        q[QC9] = 0
        q[QMM] = [0] * (self.maxmeets - 1)
        for name in _QC10_17:
            q[name] = 0
        for name in _QC18_21:
            q[name] = [0] * maxpsd
        ascl = a["scorelevel"]
        bscl = b["scorelevel"]
        level = ascl - scorelevel
        c14 = c15 = c16 = c17 = 0
        if ascl >= scorelevel and bscl == scorelevel:
            if self.pablevel and bscl == 0:
                q[QC9] = self.rnd - 1 - a["num"].get("val", 0)
                cweight += weight[QC9] * q[QC9]
            if c["canmeet"] and c["played"] > 0 and self.maxmeets > 1:
                q[QMM][c["played"] - 1] = 1
            if (a["top"] or b["top"]) and a["cid"] > 0 and b["cid"] > 0:
                acod = a["cod"]
                bcod = b["cod"]
                if acod == bcod and abs(acod) >= 2:
                    q[QC10] = 1
                    cweight += weight[QC10]
                acop = a["cop"]
                bcop = b["cop"]
                if acop[0] == bcop[0] == "w" or acop[0] == bcop[0] == "b":
                    opp = {"w": "bb", "b": "ww"}[acop[0]]
                    anp = int(acop[1])
                    bnp = int(bcop[1])
                    asq = a["csq"][-2:]
                    bsq = b["csq"][-2:]
                    if (
                        (asq == bsq and (asq == "ww" or bsq == "bb"))
                        or (anp > bnp and bsq == opp)
                        or (bnp > anp and asq == opp)
                        or (
                            anp == bnp == 2
                            and (
                                (abs(acod) > abs(bcod) and bsq == opp)
                                or (abs(bcod) > abs(acod) and asq == opp)
                            )
                        )
                    ):
                        q[QC11] = 1
                        cweight += weight[QC11]
                if scorelevel == -1:
                    print(
                        f"A: {a['cid']:2} {a['cod']:2} {a['csq'][-2:]} {a['cop']},   "
                        f"B: {b['cid']:2} {b['cod']:2} {b['csq'][-2:]} {b['cop']},  "
                        f"Q10: {q[QC10]} Q11: {q[QC11]}"
                    )
            acop = a["cop"]
            bcop = b["cop"]
            if acop != "nc" and acop[0].lower() == bcop[0].lower():
                q[QC12] = 1
                cweight += weight[QC12]
            if q[QC12] == 1 and int(acop[1]) > 0 and int(bcop[1]) > 0:
                q[QC13] = 1
                cweight += weight[QC13]
            c["colordiff"] = _COLTRANS.get(acop, acop[0].upper()) + _COLTRANS.get(
                bcop, bcop[0].upper()
            )
            aacc = a["acc"]
            bacc = b["acc"]
            c15 = (
                1
                if ((aacc < bacc) and (a["flt"] & _UF1)) or ((aacc > bacc) and (b["flt"] & _UF1))
                else 0
            )
            if c15:
                q[QC15] = 1
                cweight += weight[QC15]
            c17 = (
                1
                if ((aacc < bacc) and (a["flt"] & _UF2)) or ((aacc > bacc) and (b["flt"] & _UF2))
                else 0
            )
            if c17:
                q[QC17] = 1
                cweight += weight[QC17]
        elif ascl >= scorelevel and bscl < scorelevel:
            q[QC6] = 1
            cweight += weight[QC6]
            if level > 0:
                q[QC7][maxpsd - level] = 1
                cweight += weight[QC7][maxpsd - level]
            if self.pablevel and bscl == 0:
                q[QC9] = self.rnd - 1 - a["num"].get("val", 0)
                cweight += weight[QC9] * q[QC9]
            c14 = 1 if (a["flt"] & _DF1) else 0
            if c14 and scorelevel == ascl:
                q[QC14] = 1
                cweight += weight[QC14]
            c16 = 1 if a["flt"] & _DF2 else 0
            if c16 and scorelevel == ascl:
                q[QC16] = 1
                cweight += weight[QC16]
        for name, cxx in zip(_QC18_21, (c14, c15, c16, c17), strict=True):
            val = level if cxx else 0
            if val > 0:
                q[name][maxpsd - val] = 1
                cweight += weight[name][maxpsd - val]
        scorelevel2 = scorelevel - 1
        if ascl >= scorelevel2 and bscl < scorelevel2:
            q[QN8] = 1
            cweight += weight[QN8]
            level = max(ascl, bscl) - scorelevel2
            if level > 0:
                q[QC8][maxpsd + 1 - level] = 1
                cweight += weight[QC8][maxpsd + 1 - level]
        c["qc"] = (
            q[QC9]
            + sum(q[QMM])
            + q[QC10]
            + q[QC11]
            + q[QC14]
            + q[QC15]
            + q[QC16]
            + q[QC17]
            + sum(q[QC18])
            + sum(q[QC19])
            + sum(q[QC20])
            + sum(q[QC21])
        ) == 0
        c["qcweight"] = cweight
        if not blob:
            interned: dict[tuple[Any, ...], tuple[Any, ...]] = self.__dict__.setdefault(
                "_ratingbook_interned", {}
            )
            for key in _LISTS:
                held = tuple(q[key])
                q[key] = interned.setdefault(held, held)

    def update_homogenious(self, scorelevel: int, edges: list[Any], bsn: Any, S: int) -> None:
        # crosstabledutch.update_homogenious, the same weights; the lists HO3-HO5 deferred.
        B = self.B = len(bsn)
        mdp = B - 2 * S
        B3 = self.B3 = S
        B4 = self.B4 = B - S
        B5 = self.B5 = B - 1
        self.ilen = 0
        weight = self.weight
        self.init_howeights(scorelevel, S, mdp)
        HO4weight = sum(weight[HO4])
        w_ho1, w_ho2, w_ho3, w_ho4, w_ho5 = (weight[k] for k in (HO1, HO2, HO3, HO4, HO5))
        note = _Homogeneous(scorelevel, bsn, S, B3, B4, B5)
        competitors = self.competitors
        get_edge_quality = self.get_edge_quality
        for c in edges:
            c["howeight"] = 0
            (ca, cb) = (c["ca"], c["cb"])
            q = get_edge_quality(c)["quality"]
            q[HO1] = 0
            q[HO2] = 0
            q[HO3] = q[HO4] = q[HO5] = note
            howeight = HO4weight
            ascl = competitors[ca]["scorelevel"]
            bscl = competitors[cb]["scorelevel"]
            if ascl == scorelevel and bscl == scorelevel:
                absn = bsn[ca]
                bbsn = bsn[cb]
                if absn > bbsn:
                    (absn, bbsn) = (bbsn, absn)
                if c["canmeet"]:
                    if absn > S:
                        q[HO1] = 1
                        howeight += w_ho1
                    q[HO2] = absn - 1
                    howeight += (absn - 1) * w_ho2
                    if absn <= S:
                        howeight += w_ho3[S - absn]
                    else:
                        howeight -= w_ho4[absn - S - 1]
                    howeight += w_ho5[absn - 1] * (bbsn - absn)
            c["howeight"] = howeight

    def _write_out(self, c: dict[str, Any]) -> None:
        """The HO3-HO5 lists of edge ``c`` as gacrux's ``update_homogenious`` made them."""
        q = c["quality"]
        note = q[HO3]
        if not isinstance(note, _Homogeneous):
            return
        ho3, ho4, ho5 = [0] * note.B3, [1] * note.B4, [0] * note.B5
        competitors = self.competitors
        (ca, cb) = (c["ca"], c["cb"])
        scorelevel = note.scorelevel
        if (
            competitors[ca]["scorelevel"] == scorelevel
            and competitors[cb]["scorelevel"] == scorelevel
            and c["canmeet"]
        ):
            absn, bbsn = sorted((note.bsn[ca], note.bsn[cb]))
            S = note.S
            if absn <= S:
                ho3[S - absn] = 1
            else:
                ho4[absn - S - 1] = 0
            ho5[absn - 1] = bbsn - absn
        q[HO3], q[HO4], q[HO5] = ho3, ho4, ho5

    def compute_weight(self, wpairs: list[Any], bquality: Any) -> Any:
        # The lists deferred by update_homogenious, written out for the pairs made first.
        for c in wpairs:
            self.get_edge_quality(c)
            self._write_out(c)
            q = c["quality"]
            for key, value in q.items():
                if type(value) is tuple:
                    q[key] = list(value)
        return super().compute_weight(wpairs, bquality)


class FastDutch(pairing_dutch):  # type: ignore[misc]
    """gacrux's ``pairing_dutch`` on :class:`FastCrosstable`, matching with
    :func:`~ratingbook.fide.fast.blossom.min_weight_matching`."""

    def get_crosstable(self, experimental: Any, checkonly: Any, verbose: Any) -> Any:
        return FastCrosstable(experimental, checkonly, verbose)

    def list_edges(self, opponents: list[Any]) -> list[Any]:
        # pairing.list_edges: the edges that can meet, sorted by (-min(sa, sb), -max(sa, sb),
        # ca, cb). They are read row by row (ca = i, cb = j > i: crosstable.list_edges builds
        # opponents[i][j] so), in (ca, cb) order already, so the same list comes from taking
        # them by (min, max), highest first, each group in the order read: no key per edge.
        groups: dict[tuple[Any, Any], list[Any]] = {}
        for i, line in enumerate(opponents):
            for edge in line[i + 1 : -1]:
                if edge["canmeet"]:
                    sa = edge["sa"]
                    sb = edge["sb"]
                    key = (sa, sb) if sa <= sb else (sb, sa)
                    group = groups.get(key)
                    if group is None:
                        group = groups[key] = []
                    group.append(edge)
        return [edge for key in sorted(groups, reverse=True) for edge in groups[key]]

    def weighted_match(self, nodes: list[Any], edges: list[Any]) -> int:
        matching = min_weight_matching([(edge["ca"], edge["cb"], 0) for edge in edges])
        return len(nodes) - 2 * len(matching)

    def find_weighted_pab(self, nodes: list[Any], edges: list[Any]) -> tuple[int, int, int]:
        pablevel = 0
        self.crosstable.compute_pab_weight(edges)
        nx_edges = [(edge["ca"], edge["cb"], edge["weight"]) for edge in edges]
        wpairs = sorted([((a, b) if a < b else (b, a)) for (a, b) in min_weight_matching(nx_edges)])
        if len(wpairs) < len(nodes) // 2:
            return (len(wpairs), len(wpairs) * 2 - len(nodes), -1)  # No legal pairing
        (w, pab) = wpairs[0]
        if w == 0:  # We have PAB
            pablevel = self.competitors[pab]["scorelevel"]
        return (len(wpairs), 0, pablevel)

    def pair_weighted_round(
        self,
        bracket: dict[str, Any],
        nodes: list[Any],
        edges: list[Any],
        pairingmode: str,
        numpairs: int,
        category: int,
    ) -> Any:
        scorelevel = bracket["scorelevel"]
        nx_edges = []
        (modified_nodes, modified_edges) = self.modify_edges(
            nodes, None, edges, scorelevel, category, "canmeet"
        )
        if len(modified_nodes) == 0:
            return []
        if pairingmode == "HE":
            self.crosstable.update_hetrogenious(
                scorelevel, modified_nodes, modified_edges, bracket["bsne"]
            )
        elif pairingmode == "HO":
            bracket["bsno"] = self.update_bsn(
                scorelevel, [node for node in modified_nodes if node["scorelevel"] <= scorelevel]
            )
            self.crosstable.update_homogenious(
                scorelevel, modified_edges, bracket["bsno"], numpairs
            )
        elif pairingmode == "BI":
            bracket["bsnb"] = {node["cid"]: i + 1 for i, node in enumerate(modified_nodes)}
            self.crosstable.update_hetrogenious(
                scorelevel, modified_nodes, modified_edges, bracket["bsnb"]
            )
            self.crosstable.update_bipartite(
                scorelevel,
                modified_edges,
                bracket["bsnb"],
                nodes[len(nodes) // 2]["cid"],
                nodes[-1]["cid"],
            )
        for c in modified_edges:
            (wcid, bcid) = (c["ca"], c["cb"])
            weight = self.crosstable.update_weight(pairingmode, category, c)
            nx_edges.append((wcid, bcid, weight))
        if self.checkonly and len(nodes) == 2 * len(edges):
            return [(a, b) for (a, b, c) in nx_edges]
        self._note_large(scorelevel, modified_nodes, len(nx_edges))
        return min_weight_matching(nx_edges)

    def _note_large(self, scorelevel: int, nodes: list[Any], pairs: int) -> None:
        """Log, once a score group, that a large weighted matching is starting."""
        noted: set[int] = self.__dict__.setdefault("_noted_groups", set())
        if len(nodes) < NOTE_AT or scorelevel in noted:
            return
        noted.add(scorelevel)
        group = sum(1 for node in nodes if node["scorelevel"] >= scorelevel)
        below = f" together with the {len(nodes) - group} below it" if len(nodes) > group else ""
        _log.info(
            "pairing a score group of %d players%s by the weights of all %s possible pairs: "
            "this round may take minutes",
            group,
            below,
            f"{pairs:,}",
        )
