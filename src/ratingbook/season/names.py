"""When two players' names are the same name, and when they only look alike: the one home of
the rule that says who might be whom.

Two spellings are **the same name** (:func:`exact_name`) when they differ only in letter case,
in the spaces between words, or in the space after a comma (``Jones,Gawain C.`` is
``Jones, Gawain C.``). Players are matched by such a name when no ID decides. A name written
surname first, ``Surname, Given`` (one comma: the PGN standard's form, 8.1.1.5, and the TRF's),
is also the same name as ``Given Surname`` (:func:`given_first`): ``Carlsen, Magnus`` is
``Magnus Carlsen``. Without a comma the order is not known (``Wang Hao`` and ``Hao Wang``):
such names only look alike (rule 1 below). A new player is put on the list given name first
(:func:`list_name`), as the officer types the list's names.

A title or suffix written after the name's last comma (``Kiese,Matthias,Dr.``, ``Smith, John,
Jr.``: the words of :data:`SUFFIX_WORDS`) stays a suffix, after the name, in every form here:
``Matthias Kiese, Dr.`` on the list, the same name as ``Kiese, Matthias, Dr.``
(:func:`name_parts` is the one place that takes a name apart).

Anything else that looks alike is reported to the rating officer, never merged (:func:`likeness`
says why, in words the officer reads). Two names look alike when, comparing their words with
accents, punctuation and letter case set aside (:func:`name_words`):

1. **the same words** in another order or with other accents and punctuation (``Wang Hao``
   and ``Hao Wang``; ``Müller`` and ``Muller``);
2. **the same letters, spaced differently** (``Van der Berg`` and ``Vander Berg``);
3. **an initial for a word**: they share a surname-length word (two letters or more) and each
   other word is either the same, an initial standing for the other's word (``J.`` for
   ``John``), or a lone initial the other leaves out (``John P. Smith`` and ``John Smith``);
   every full word of each is accounted for;
4. **one letter off**: the same number of words, all equal but one pair, and that pair one
   letter apart (one letter added, dropped, changed, or two neighbours swapped: ``Smith`` and
   ``Smyth``, ``Jon`` and ``John``), neither of them an initial (``J.`` and ``K.`` are two
   people's initials, not a typing slip);
5. **the same name but for a title or suffix**: the same words once the words of
   :data:`SUFFIX_WORDS` are set aside (``Kiese,Matthias,Dr.`` and ``Kiese, Matthias``: one
   file writes the title, another does not; ``John Smith, Jr.`` and ``John Smith`` may be a
   father and his son, for the officer to say).

A club that changed, or IDs that differ, is evidence the identity module adds; this module
knows names only. :func:`block_keys` lets a caller compare only the pairs that can look alike
(a name shares a key with every name it can look like; a test holds it), and :class:`NameForm`
works a name's words out once for a caller comparing it with many.
Pure: the standard library only.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

__all__ = [
    "SUFFIX_WORDS",
    "NameForm",
    "block_keys",
    "exact_name",
    "form_keys",
    "form_likeness",
    "given_first",
    "likeness",
    "list_name",
    "name_parts",
    "name_words",
    "one_letter_apart",
    "words_likeness",
]

_SPACES = re.compile(r"\s+")
_NOT_LETTERS = re.compile(r"[^\w]+")
_SUFFIX_SPLIT = re.compile(r"[\s.\-]+")

#: The words a title or suffix after a name's last comma is made of (``Dr.``, ``Prof.Dr.``,
#: ``Dr.-Ing.``, ``Jr.``, ``III``), letter case and dots set aside: German lists write the
#: title so (``Kiese,Matthias,Dr.``), English ones the generation (``Smith, John, Jr.``).
SUFFIX_WORDS = frozenset(
    {"dr", "prof", "ing", "dipl", "mag", "phd", "md", "jr", "sr", "jun", "sen", "ii", "iii", "iv"}
)


def _is_suffix(part: str) -> bool:
    words = [w for w in _SUFFIX_SPLIT.split(part.casefold()) if w]
    return bool(words) and all(w in SUFFIX_WORDS for w in words)


def name_parts(name: str) -> tuple[str, str, str]:
    """``(given, surname, suffix)`` of a name as written, its spaces tidied: ``Surname, Given``
    (one comma, the PGN's and the TRF's order) and ``Given Surname`` alike, and a title or
    suffix after the last comma (:data:`SUFFIX_WORDS`) apart. A name without a comma is all
    ``given`` (which word is the surname is not known); one with more commas than that, all
    ``surname``.

    >>> name_parts("Kiese,Matthias,Dr."), name_parts("Matthias Kiese, Dr.")
    (('Matthias', 'Kiese', 'Dr.'), ('Matthias Kiese', '', 'Dr.'))
    >>> name_parts("Fitzgerald, Rory"), name_parts("Smith, John, Jr."), name_parts("Wang Hao")
    (('Rory', 'Fitzgerald', ''), ('John', 'Smith', 'Jr.'), ('Wang Hao', '', ''))
    """
    text = _SPACES.sub(" ", name).strip()
    suffixes: list[str] = []
    while True:
        head, comma, tail = text.rpartition(",")
        if not (comma and head.strip() and _is_suffix(tail)):
            break
        suffixes.insert(0, tail.strip())
        text = head.strip()
    suffix = ", ".join(suffixes)
    surname, comma, given = text.partition(",")
    surname, given = surname.strip(), given.strip()
    if not comma:
        return text, "", suffix
    if "," in given or not surname or not given:
        return "", text, suffix
    return given, surname, suffix


def _joined(given: str, surname: str, suffix: str) -> str:
    name = " ".join(p for p in (given, surname) if p)
    return f"{name}, {suffix}" if suffix else name


#: Names worked out once each (a list's names are read again for every source player and
#: every pair): a few tens of thousands of short texts.
_REMEMBERED = 1 << 16


@functools.lru_cache(maxsize=_REMEMBERED)
def exact_name(name: str) -> str:
    """The name as names are matched: case, runs of spaces and the space after a comma set
    aside (accents, word order and punctuation count).

    >>> exact_name("  Jones,Gawain  C. "), exact_name("JONES, gawain c.")
    ('jones, gawain c.', 'jones, gawain c.')
    """
    text = unicodedata.normalize("NFC", name).casefold()
    text = _SPACES.sub(" ", text).strip()
    return re.sub(r"\s*,\s*", ", ", text)


@functools.lru_cache(maxsize=_REMEMBERED)
def given_first(name: str) -> str:
    """The name as names are matched across both orders: :func:`exact_name`, and a name
    written ``Surname, Given`` (exactly one comma) turned to ``given surname``, so the PGN
    standard's ``[White "Carlsen, Magnus"]`` meets the list's ``Magnus Carlsen``.

    >>> given_first("Carlsen, Magnus"), given_first("Magnus  CARLSEN")
    ('magnus carlsen', 'magnus carlsen')
    >>> given_first("Jones,Gawain C.")
    'gawain c. jones'
    >>> given_first("Smith, John, Jr."), given_first("John Smith, Jr.")  # a suffix stays last
    ('john smith, jr.', 'john smith, jr.')
    >>> given_first("Smith, John, Paul")  # two commas: which part is the surname is not known
    'smith, john, paul'
    """
    return exact_name(_joined(*name_parts(exact_name(name))))


def list_name(name: str) -> str:
    """The name as a rating list shows a new player: ``Given Surname``, as the officer types
    names (a PGN's or TRF's ``Fitzgerald, Rory``, one comma, turned to ``Rory Fitzgerald``),
    a title or suffix after it (``Kiese,Matthias,Dr.`` -> ``Matthias Kiese, Dr.``); spelled
    as the source spells it, its spaces tidied. Any other name is kept as it is.

    >>> list_name("Fitzgerald, Rory"), list_name("Jones,Gawain C."), list_name("Wang Hao")
    ('Rory Fitzgerald', 'Gawain C. Jones', 'Wang Hao')
    >>> list_name("Kiese,Matthias,Dr."), list_name("Smith, John, Jr.")
    ('Matthias Kiese, Dr.', 'John Smith, Jr.')
    >>> list_name("Smith, John, Paul")
    'Smith, John, Paul'
    """
    return _joined(*name_parts(name))


def _plain(text: str) -> str:
    """Accents dropped (``é`` -> ``e``), case folded (``ß`` -> ``ss``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def name_words(name: str) -> tuple[str, ...]:
    """The name's words, plain (no accents, no case, no punctuation), given names first: a
    comma puts the surname first (``Smith, John``), so the words after it come first; a title
    or suffix (:func:`name_parts`) last.

    >>> name_words("Smith, John P."), name_words("Jürgen O'Neill-Ward")
    (('john', 'p', 'smith'), ('jurgen', 'o', 'neill', 'ward'))
    >>> name_words("Kiese,Matthias,Dr.") == name_words("Matthias Kiese, Dr.")
    True
    """
    ordered = " ".join(name_parts(name))
    return tuple(w for w in _NOT_LETTERS.split(_plain(ordered).replace("_", " ")) if w)


def one_letter_apart(a: str, b: str) -> bool:
    """One letter added, dropped or changed, or two neighbouring letters swapped (and not
    equal).

    >>> [one_letter_apart(*p) for p in [("smith", "smyth"), ("jon", "john"), ("ab", "ba")]]
    [True, True, True]
    >>> one_letter_apart("smith", "smith"), one_letter_apart("smith", "smoth2")
    (False, False)
    """
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):  # one letter added to a
        return a[i:] == b[i + 1 :]
    if a[i + 1 :] == b[i + 1 :]:  # one letter changed
        return True
    swapped = i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
    return swapped and a[i + 2 :] == b[i + 2 :]


def _initials_fit(mine: list[str], theirs: list[str]) -> str | None:
    """Rule 3 on the words left once the words both names have are set aside: why they fit,
    or None."""
    theirs = list(theirs)
    stood_for: list[str] = []
    dropped: list[str] = []
    for word in sorted(mine, key=len):
        if len(word) == 1:
            partner = next((w for w in theirs if w[0] == word and len(w) > 1), None)
            if partner is not None:
                theirs.remove(partner)
                stood_for.append(f"{word.upper()}. for {partner.capitalize()}")
            else:
                dropped.append(word)
            continue
        partner = next((w for w in theirs if len(w) == 1 and w == word[0]), None)
        if partner is None:
            return None  # a full word of mine the other name does not account for
        theirs.remove(partner)
        stood_for.append(f"{partner.upper()}. for {word.capitalize()}")
    if any(len(w) > 1 for w in theirs) or (dropped and theirs):
        return None  # a full word unaccounted for; or initials on both sides that differ
    dropped += theirs
    parts = [*stood_for, *(f"a middle initial {w.upper()}. left out" for w in dropped)]
    return "an initial for a name: " + ", ".join(parts) if parts else None


def likeness(a: str, b: str) -> str | None:
    """Why names ``a`` and ``b`` may be one person (the module's rules 1-5, the first that
    applies), or None: the same name by :func:`exact_name` is None too (it is a match, not a
    likeness).

    >>> likeness("Wang Hao", "Hao Wang")
    'the same words in another order or spelling'
    >>> likeness("J. Smith", "John Smith")
    'an initial for a name: J. for John'
    >>> likeness("John Smith", "John Smyth")
    "one letter apart: 'smith' and 'smyth'"
    >>> likeness("John Smith", "Jane Doe") is None
    True
    """
    if exact_name(a) == exact_name(b):
        return None
    return form_likeness(NameForm.of(a), NameForm.of(b))


@dataclass(frozen=True, slots=True)
class NameForm:
    """A name's words worked out once, for a caller comparing one name with many
    (:func:`form_likeness`): its :func:`name_words`, the set of its full words (two letters
    or more), the set of its initials, and its letters run together, as written and sorted."""

    words: tuple[str, ...]
    full: frozenset[str]
    initials: frozenset[str]
    joined: str
    sorted_joined: str
    repeats: bool  # a word written twice ("Lee Lee"): the sets above do not count it
    bare: str  # its words but a title's or suffix's, sorted and run together (rule 5)

    @classmethod
    def of(cls, name: str) -> NameForm:
        return cls.of_words(name_words(name))

    @classmethod
    def of_words(cls, words: tuple[str, ...]) -> NameForm:
        return cls(
            words,
            frozenset(w for w in words if len(w) > 1),
            frozenset(w for w in words if len(w) == 1),
            "".join(words),
            "".join(sorted(words)),
            len(set(words)) < len(words),
            "".join(sorted(_bare(words))),
        )


def _may_be_alike(a: NameForm, b: NameForm) -> bool:
    """A quick test each rule passes only if this does (so most pairs are set aside without
    the full rules): the same letters (rules 1, 2); a shared full word and each other full
    word's initial on the other side (rule 3); as many words, the full words the same but
    one each, one letter apart (rule 4)."""
    if a.joined == b.joined or a.sorted_joined == b.sorted_joined or a.bare == b.bare:
        return True
    only_a, only_b = a.full - b.full, b.full - a.full
    if len(a.words) == len(b.words):
        if a.repeats or b.repeats:
            return True
        if len(only_a) == len(only_b) == 1 and one_letter_apart(min(only_a), min(only_b)):
            return True
    return (
        bool(a.full & b.full)
        and all(w[0] in b.initials for w in only_a)
        and all(w[0] in a.initials for w in only_b)
    )


def form_likeness(a: NameForm, b: NameForm) -> str | None:
    """:func:`likeness` of two names' forms; names that are the same name are the caller's."""
    if not a.words or not b.words or not _may_be_alike(a, b):
        return None
    return words_likeness(a.words, b.words)


def _bare(words: tuple[str, ...]) -> tuple[str, ...]:
    """A name's words without the words of a title or suffix (rule 5)."""
    return tuple(w for w in words if w not in SUFFIX_WORDS)


def words_likeness(wa: tuple[str, ...], wb: tuple[str, ...]) -> str | None:
    """:func:`likeness` on two names' :func:`name_words` (rules 1-5; names that are the same
    name are the caller's)."""
    if not wa or not wb:
        return None
    ca, cb = Counter(wa), Counter(wb)
    if ca == cb:
        return "the same words in another order or spelling"
    if "".join(wa) == "".join(wb) or "".join(sorted(wa)) == "".join(sorted(wb)):
        return "the same letters, spaced differently"
    bare_a, bare_b = _bare(wa), _bare(wb)
    if bare_a and Counter(bare_a) == Counter(bare_b):
        titles = sorted(set(wa).symmetric_difference(wb))
        return "the same name but for a title or suffix: " + " and ".join(map(repr, titles))
    left_a, left_b = ca - cb, cb - ca
    shared = Counter(w for w in (ca & cb).elements() if len(w) > 1)
    if shared:
        # The words both names have are set aside (initials too), so the rest pair up the
        # same way whichever name comes first.
        reason = _initials_fit(list(left_a.elements()), list(left_b.elements()))
        if reason is not None:
            return reason
    if len(wa) == len(wb) and sum(left_a.values()) == sum(left_b.values()) == 1:
        (one,), (other,) = left_a, left_b
        # J. and K. are two initials, not a typing slip.
        if min(len(one), len(other)) > 1 and one_letter_apart(one, other):
            return f"one letter apart: {one!r} and {other!r}"
    return None


def block_keys(name: str) -> frozenset[str]:
    """Keys two names share whenever :func:`likeness` can find them alike, so a caller
    compares only names that share one (a common first name alone is no key: each key is
    narrower than a word):

    - the letters of all the words run together, as written and sorted (rules 1 and 2);
    - each full word (two letters or more) with the first or second letter of each other
      word (``smith|j``, ``smith|o`` for John Smith): two names alike by rule 3 share a full
      word and the letter of an initial standing for a word; by rule 4, a full word and a
      letter of the word one letter apart (a first letter changed or dropped keeps or moves
      the second);
    - for a name with one full word only: that word alone, and with each letter dropped in
      turn (``~lee``, ``~ee``, ...), for rule 4 where the rest are initials, and a lone
      initial left out by rule 3 (``P. Smith`` and ``Smith``);
    - the keys of its words without a title or suffix (rule 5: ``Smith, Jr.`` meets
      ``Smith``).

    >>> sorted(block_keys("J. Lee"))
    ['jlee', 'lee|j', '~ee', '~le', '~lee']
    """
    return form_keys(name_words(name))


def form_keys(words: tuple[str, ...]) -> frozenset[str]:
    """:func:`block_keys` of a name's :func:`name_words` (a :attr:`NameForm.words`)."""
    bare = _bare(words)
    return _word_keys(words) | (_word_keys(bare) if bare != words else frozenset())


def _word_keys(words: tuple[str, ...]) -> frozenset[str]:
    full = [w for w in words if len(w) > 1]
    keys = {"".join(words), "".join(sorted(words))}
    for n, word in enumerate(words):
        if len(word) < 2:
            continue
        for other in (*words[:n], *words[n + 1 :]):
            keys.update(f"{word}|{letter}" for letter in other[:2])
    if len(full) == 1:
        word = full[0]
        keys.add(f"~{word}")
        keys.update(f"~{word[:i]}{word[i + 1 :]}" for i in range(len(word)))
    return frozenset(k for k in keys if k)
