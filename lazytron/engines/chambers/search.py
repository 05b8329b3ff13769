"""Alpha-beta over the chambers tree: iterative deepening, the ``lead`` hint, killer moves by ply,
an aspiration window for the root's first move, and with ``scout`` a null window for every move
after a node's first.

Values are from player 1's side at every level: a :class:`ChamberPosition` takes
the best of my moves, a :class:`ChamberReply` the worst of the enemy's answers
(so the enemy answers knowing my move).  A search visits children in this
order: the node's ``lead`` (its best child when last searched), the killer
move of its ply (the last move found best so far at that ply, as a1k0n's
search keeps it, in the tree's shared :class:`Context` across iterations and
turns), then the rest; a node never searched before starts with the killer.
A position keeps what each of its searches found, by depth (``memo``), so
the next turn's re-rooted tree answers the depths it was searched to.  A
position ``horizon`` plies or fewer from a line's end that was never
expanded is searched in C without nodes (:func:`horizon_value`), where the
speedups were built.  Only caches and hints are written, and a value only
once its search is complete, so a search abandoned by ``check`` leaves the
tree as valid as before.  The knobs are the tree's :class:`.settings.Settings`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from more_itertools import last

from ...board import Move
from ...tree import Node
from ._native import board_bytes
from .evaluate import Kind
from .nodes import ChamberPosition, ChamberReply, Known
from .outcome import DRAW, WIN

INF = WIN + 1  # beyond every score
Check = Callable[[], None]
Result = tuple[int, Move]


def _order(node: Node, kids: tuple[Node, ...], killer: int) -> tuple[int, ...]:
    """Child indices: the lead, the killer's child (``killer`` a move, 0 none), then the others in
    move order.

    A node never searched (``lead`` -1) has no lead: the killer's child comes first.
    """
    count = len(kids)
    second = -1
    if killer:
        for i, kid in enumerate(kids):
            if kid.move == killer:
                second = i
                break
    lead = node.lead
    if 0 <= lead < count:
        return _indices(count, lead, second)
    return _indices(count, max(second, 0), -1)


@cache
def _indices(count: int, first: int, second: int) -> tuple[int, ...]:
    """``range(count)`` with ``first``, then ``second`` (unless -1 or ``first``), moved to the
    front.

    >>> _indices(4, 2, 0), _indices(4, 1, 1), _indices(3, 0, -1)
    ((2, 0, 1, 3), (1, 0, 2, 3), (0, 1, 2))
    """
    front = (first,) if second in (-1, first) else (first, second)
    return front + tuple(i for i in range(count) if i not in front)


def step_down(moves: int, depth: int, extend: int) -> tuple[int, int]:
    """(depth, free plies) left to a node's children: a forced move (one of ``moves``) is free while
    ``extend`` lasts.

    >>> step_down(1, 6, 2), step_down(1, 6, 0), step_down(3, 6, 2)
    ((6, 1), (5, 0), (5, 2))
    """
    return (depth, extend - 1) if moves == 1 and extend > 0 else (depth - 1, extend)


def line_end(cells: int) -> int:
    """A depth past the end of every line on a board of ``cells`` open cells: each move fills one.

    >>> line_end(4)
    10
    """
    return 2 * cells + 2


def _look(k: int, depth: int, reduce: int, scout: bool) -> int | None:
    """The depth a node's ``k``-th move is first searched to with a null window: ``reduce`` plies
    shallower for a later move where a line remains, the full depth with ``scout``; None: at once
    with the full window (the first move always).

    >>> _look(0, 6, 2, True), _look(1, 6, 2, False), _look(1, 3, 2, False), _look(1, 3, 2, True)
    (None, 4, None, 3)
    """
    if not k:
        return None
    if reduce > 0 and depth - reduce >= 2:
        return depth - reduce
    return depth if scout else None


def recall(known: Known | None, alpha: int, beta: int) -> int | None:
    """A kept search's value where it answers a search with window (alpha, beta), else None.

    An exact value always does; a value that was at least (at most) what
    it says does where it is at least ``beta`` (at most ``alpha``).

    >>> recall((50, 0, True), 0, 10), recall(None, 0, 10)
    (50, None)
    >>> recall((50, 1, True), 0, 40), recall((50, 1, True), 0, 60)
    (50, None)
    >>> recall((-5, -1, False), 0, 40), recall((5, -1, False), 0, 40)
    (-5, None)
    """
    if known is None:
        return None
    found, bound, _ = known
    return (
        found if bound == 0 or bound > 0 and found >= beta or bound < 0 and found <= alpha else None
    )


def bounded(found: int, alpha: int, beta: int, cut: bool = True) -> Known:
    """What a fail-soft search with window (alpha, beta) that found ``found`` (and cut a line, or
    not) tells of the position.

    >>> bounded(5, 0, 10), bounded(10, 0, 10, False), bounded(0, 0, 10)
    ((5, 0, True), (10, 1, False), (0, -1, True))
    """
    return found, 1 if found >= beta else -1 if found <= alpha else 0, cut


def value(
    pos: ChamberPosition, depth: int, alpha: int, beta: int, check: Check | None, extend: int = 0
) -> int:
    """Fail-soft alpha-beta value of a position ``depth`` plies deep, exact inside (alpha, beta).

    A forced move (a side with one move) costs no depth while ``extend``,
    the line's free plies left, lasts.  With ``memo``, what each search of
    the position found is kept on it, by depth and free plies, and answers
    a later search of the same where it can: the iterations of one turn
    each search a position to a new depth, but the next turn's re-rooted
    tree is searched again to the depths the last turn searched it to.
    A contested position with no depth left is a line cut: counted in the
    tree's ``cuts``, as is a kept search that cut one.
    """
    cuts = pos.game.cuts
    if depth <= 0:
        leaf: int = pos.score
        if pos.kind is Kind.CONNECTED:
            cuts[0] += 1
        return leaf
    if check is not None:
        check()
    if not pos.game.settings.memo:
        return _value(pos, depth, alpha, beta, check, extend)
    known = pos.known
    if known is None:
        known = pos.known = {}
    kept = known.get((depth, extend)) or _solved(pos.solved, depth, extend)
    found = recall(kept, alpha, beta)
    if found is None:
        before = cuts[0]
        found = _value(pos, depth, alpha, beta, check, extend)
        kept = known[depth, extend] = bounded(found, alpha, beta, cuts[0] > before)
        if not kept[2]:
            pos.solved = depth, extend, kept
    elif kept[2]:  # type: ignore[index]
        cuts[0] += 1
    return found


def _solved(solved: tuple[int, int, Known] | None, depth: int, extend: int) -> Known | None:
    """The last search of a position that cut no line, where it answers a search ``depth`` plies
    deep with ``extend`` free plies: no line of the new one is shorter, so it cuts none either and
    finds what the kept one found (C's table answers by the same rule).

    >>> kept = (4, 2, (7, 0, False))
    >>> _solved(kept, 6, 2), _solved(kept, 6, 0), _solved(kept, 5, 0), _solved(kept, 3, 4)
    ((7, 0, False), (7, 0, False), None, None)
    """
    if solved is None:
        return None
    at, free, kept = solved
    return kept if depth >= at and depth + extend >= at + free else None


def horizon_value(
    pos: ChamberPosition, depth: int, alpha: int, beta: int, extend: int, check: Check | None
) -> int | None:
    """The search's value of ``pos`` ``depth`` plies deep, searched in C without nodes (and scored
    there if it was not).

    None where the speedups were not built.  A position over or apart is
    worth its score.  ``check`` is called every few hundred positions C
    visits: what it raises ends the search.  The positions two plies below
    that C scored are kept on ``pos``, for its children to take; the lines
    C cut are added to the tree's ``cuts``.
    """
    game = pos.game
    if game.horizon is None:
        return None
    evaluated = pos.scored
    if evaluated and pos.kind is not Kind.CONNECTED:
        return int(pos.score)
    bits = board_bytes(pos.open_, game.width, game.height)
    found, _, scored, score, kind, cut = game.horizon.search(
        bits, pos.me, pos.enemy, pos.ply, depth, alpha, beta, extend, evaluated, check
    )
    game.cuts[0] += cut
    if not evaluated:
        pos.take(score, kind)
    below = pos.below = pos.below or {}
    for me, enemy, score, kind in scored:
        below[me, enemy] = score, kind
    return int(found)


def _value(
    pos: ChamberPosition, depth: int, alpha: int, beta: int, check: Check | None, extend: int
) -> int:
    """:func:`value` searched, not recalled."""
    settings = pos.game.settings
    if depth <= settings.horizon and not pos.expanded:  # scored in C too, if it was not
        found = horizon_value(pos, depth, alpha, beta, extend, check)
        if found is not None:
            return found
    score: int = pos.score
    if pos.kind is not Kind.CONNECTED:
        return score
    kids = pos.children
    killers = pos.game.killers
    depth, extend = step_down(len(kids), depth, extend)
    reduce, scout = settings.reduce, settings.scout
    best = -INF
    for k, i in enumerate(_order(pos, kids, killers[pos.ply])):
        floor = max(alpha, best)
        reply: ChamberReply = kids[i]  # type: ignore[assignment]
        first = _look(k, depth, reduce, scout)
        if first is not None:  # shown no better with a null window: not searched with the full one
            v = answer(reply, first, floor, floor + 1, check, extend)
            if v > floor and (first < depth or v < beta):
                v = answer(reply, depth, floor, beta, check, extend)
        else:
            v = answer(reply, depth, floor, beta, check, extend)
        if v > best:
            best = v
            pos.lead = i
            killers[pos.ply] = reply.move
            if v >= beta:
                break
    return best


def answer(
    reply: ChamberReply, depth: int, alpha: int, beta: int, check: Check | None, extend: int = 0
) -> int:
    """The enemy's best answer to my move: the least of its positions' values, a head-on collision
    first (worth ``collision`` at no cost: enough at once where no more than ``alpha``, else the
    ceiling of the other answers)."""
    kids, game = reply.children, reply.game
    killers, ply, settings = game.killers, reply.ply, game.settings
    collides = [i for i, kid in enumerate(kids) if kid.me == kid.enemy]  # type: ignore[attr-defined]
    best = DRAW + settings.collision if collides else INF
    if best <= alpha:
        return best
    reply.lead = collides[0] if collides else reply.lead
    reduce, scout = settings.reduce, settings.scout
    depth, extend = step_down(len(kids), depth, extend)
    others = [i for i in _order(reply, kids, killers[ply]) if i not in collides]
    for k, i in enumerate(others, len(collides)):
        kid: ChamberPosition = kids[i]  # type: ignore[assignment]
        ceiling = min(beta, best)
        first = _look(k, depth, reduce, scout)
        if first is not None:  # as a later move in _value
            v = value(kid, first, ceiling - 1, ceiling, check, extend)
            if v < ceiling and (first < depth or v > alpha):
                v = value(kid, depth, alpha, ceiling, check, extend)
        else:
            v = value(kid, depth, alpha, ceiling, check, extend)
        if v < best:
            best = v
            reply.lead = i
            killers[ply] = kid.move
            if v <= alpha:
                break
    return best


def improvements(root: ChamberPosition, depth: int, check: Check | None = None) -> Iterator[Result]:
    """(value, move) of ``root`` searched ``depth`` plies, each time a move is found better: the
    last is the search's result.

    The first item is the first move's value (the last depth's best, searched
    first); each later one is a move proven better than every move before it
    (an exact value: a root move's window has no ceiling).  The first in
    order wins a tie.
    """
    score: int = root.score
    kids = root.children
    if root.kind is Kind.OVER or not kids:  # the game is over here: any free move
        yield score, kids[0].move if kids else Move.NONE
        return
    best = -INF
    settings = root.game.settings
    below, extend = step_down(len(kids), depth, settings.extend)
    window = _aspiration(root, depth, settings.aspiration)
    for k, i in enumerate(_order(root, kids, 0)):
        kid: ChamberReply = kids[i]  # type: ignore[assignment]
        v, first = best, _look(k, below, 0, settings.scout)  # the root's moves never reduced
        if not k and window is not None:  # the first move inside the window, else searched again
            v = answer(kid, below, *window, check, extend)
            if not window[0] < v < window[1]:
                v = answer(kid, below, -INF, INF, check, extend)
        elif first is None or answer(kid, first, best, best + 1, check, extend) > best:
            v = answer(kid, below, best, INF, check, extend)
        if v > best:
            best = v
            root.lead = i
            yield best, kid.move
    if root.known is None:
        root.known = {}
    root.known[ROOT, depth] = best, 0, True


ROOT = -1  # known[ROOT, depth]: the root's exact value (other keys: depth and free plies, >= 0)


def _aspiration(root: ChamberPosition, depth: int, width: int) -> tuple[int, int] | None:
    """The window for the root's first move: ``width`` either side of the root's value at the last
    depth it was searched to, or None (the full window) where it has none or ``width`` is 0.

    >>> root = type("Root", (), {"known": {(ROOT, 4): (30, 0), (ROOT, 2): (-8, 0)}})()
    >>> _aspiration(root, 6, 1), _aspiration(root, 4, 5), _aspiration(root, 2, 1)
    ((29, 31), (-13, -3), None)
    """
    last = max((d for r, d in root.known or () if r == ROOT and d < depth), default=None)
    if not width or last is None:
        return None
    guess = root.known[ROOT, last][0]  # type: ignore[index]
    return guess - width, guess + width


def search(root: ChamberPosition, depth: int, check: Check | None = None) -> Result:
    """(value, my best move) of ``root`` searched ``depth`` plies: :func:`improvements`' last."""
    return last(improvements(root, depth, check))
