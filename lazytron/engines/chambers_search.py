"""Alpha-beta over the chambers tree: iterative deepening, the ``lead`` hint, killer moves by ply.

Values are from player 1's side at every level: a :class:`ChamberPosition` takes
the best of my moves, a :class:`ChamberReply` the worst of the enemy's answers
(so the enemy answers knowing my move).  A search visits children in this
order: the node's ``lead`` (its best child when last searched), the killer
move of its ply (the last move found best so far at that ply, as a1k0n's
search keeps it, in the tree's shared :class:`Context` across iterations and
turns), then the rest; a node never searched before starts with the killer.
A position keeps what each of its searches found, by depth (``MEMO``), so
the next turn's re-rooted tree answers the depths it was searched to.
Only caches and hints are written, and a value only once its search is
complete, so a search abandoned by ``check`` leaves the tree as valid as before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterator

from more_itertools import last

from ..board import Move
from ..clock import OutOfTime
from ..fill import lines
from ..outcome import WIN, decided
from ..space import best_step, fillable
from ..territory import reach
from ..tree import Node
from .chambers import SEPARATE, ChamberPosition, Known

INF = WIN + 1  # beyond every score
EXTEND = 4  # a line's forced moves (a side with one move) that cost no depth, at most this many (games chose 4: benchmarks/TUNING.md)
SIDESTEP = 0  # 1: of two root moves worth the same, prefer the one the enemy cannot meet head-on unless the collision is what holds the other; 0: the first in order (games did not choose 1: benchmarks/TUNING.md)
MEMO = True  # a position keeps what each depth's search found of it, and a search to the same depth uses it (False: never; README)
HORIZON = 8  # a position this few plies from a line's end, never expanded, is searched in C without nodes (0: never; 8 from benchmarks/chambers_depth.py: README)
REDUCE = 0  # late-move reductions: a node's moves after its first are searched this many plies shallower first, with a null window, and again to the full depth only where that shows them better (0: never; in Python and in C; benchmarks/TUNING.md)
UNFINISHED = False  # True: a depth the clock cuts off still gives a move it has proven better than the last depth's best (games did not choose it: benchmarks/TUNING.md)
Check = Callable[[], None]
Result = tuple[int, Move]


def _order(node: Node, kids: tuple[Node, ...], killer: int) -> tuple[int, ...]:
    """Child indices: the lead, the killer's child (``killer`` a move, 0 none), then the others in move order.

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


@lru_cache(maxsize=None)
def _indices(count: int, first: int, second: int) -> tuple[int, ...]:
    """``range(count)`` with ``first``, then ``second`` (unless -1 or ``first``), moved to the front.

    >>> _indices(4, 2, 0), _indices(4, 1, 1), _indices(3, 0, -1)
    ((2, 0, 1, 3), (1, 0, 2, 3), (0, 1, 2))
    """
    front = (first,) if second in (-1, first) else (first, second)
    return front + tuple(i for i in range(count) if i not in front)


def _below(moves: int, depth: int, extend: int) -> tuple[int, int]:
    """(depth, free plies) left to a node's children: a forced move (one of ``moves``) is free while ``extend`` lasts.

    >>> _below(1, 6, 2), _below(1, 6, 0), _below(3, 6, 2)
    ((6, 1), (5, 0), (5, 2))
    """
    return (depth, extend - 1) if moves == 1 and extend > 0 else (depth - 1, extend)


def _late(depth: int) -> bool:
    """Whether a node's moves after its first are searched ``REDUCE`` plies shallower first: deep enough that a line remains."""
    return REDUCE > 0 and depth - REDUCE >= 2


def recall(known: Known | None, alpha: int, beta: int) -> int | None:
    """A kept search's value where it answers a search with window (alpha, beta), else None.

    An exact value always does; a value that was at least (at most) what
    it says does where it is at least ``beta`` (at most ``alpha``).

    >>> recall((50, 0), 0, 10), recall(None, 0, 10)
    (50, None)
    >>> recall((50, 1), 0, 40), recall((50, 1), 0, 60)
    (50, None)
    >>> recall((-5, -1), 0, 40), recall((5, -1), 0, 40)
    (-5, None)
    """
    if known is None:
        return None
    found, bound = known
    return found if bound == 0 or bound > 0 and found >= beta or bound < 0 and found <= alpha else None


def bounded(found: int, alpha: int, beta: int) -> Known:
    """What a fail-soft search with window (alpha, beta) that found ``found`` tells of the position.

    >>> bounded(5, 0, 10), bounded(10, 0, 10), bounded(0, 0, 10)
    ((5, 0), (10, 1), (0, -1))
    """
    return found, 1 if found >= beta else -1 if found <= alpha else 0


def value(pos: ChamberPosition, depth: int, alpha: int, beta: int, check: Check | None, extend: int = 0) -> int:
    """Fail-soft alpha-beta value of a position ``depth`` plies deep, exact inside (alpha, beta).

    A forced move (a side with one move) costs no depth while ``extend``,
    the line's free plies left, lasts.  With ``MEMO``, what each search of
    the position found is kept on it, by depth and free plies, and answers
    a later search of the same where it can: the iterations of one turn
    each search a position to a new depth, but the next turn's re-rooted
    tree is searched again to the depths the last turn searched it to.
    """
    if depth <= 0:
        leaf: int = pos.score
        return leaf
    if check is not None:
        check()
    if MEMO:
        known = pos.known
        if known is None:
            known = pos.known = {}
        found = recall(known.get((depth, extend)), alpha, beta)
        if found is None:
            found = _value(pos, depth, alpha, beta, check, extend)
            known[depth, extend] = bounded(found, alpha, beta)
        return found
    return _value(pos, depth, alpha, beta, check, extend)


def _value(pos: ChamberPosition, depth: int, alpha: int, beta: int, check: Check | None, extend: int) -> int:
    """:func:`value` searched, not recalled."""
    if depth <= HORIZON and not pos.expanded:  # scored in C too, if it was not
        found = pos.horizon_value(depth, alpha, beta, extend, check, REDUCE)
        if found is not None:
            return found
    score: int = pos.score
    if pos.final or pos.apart:
        return score
    kids = pos.children
    killers = pos.game.killers
    depth, extend = _below(len(kids), depth, extend)
    best = -INF
    for k, i in enumerate(_order(pos, kids, killers[pos.ply])):
        floor = max(alpha, best)
        if k and _late(depth):  # shown no better by a shallower null-window search: not searched to the full depth
            v = _answer(kids[i], depth - REDUCE, floor, floor + 1, check, extend)
            if v > floor:
                v = _answer(kids[i], depth, floor, beta, check, extend)
        else:
            v = _answer(kids[i], depth, floor, beta, check, extend)
        if v > best:
            best = v
            pos.lead = i
            killers[pos.ply] = kids[i].move
            if v >= beta:
                break
    return best


def _answer(reply: Node, depth: int, alpha: int, beta: int, check: Check | None, extend: int = 0) -> int:
    """The enemy's best answer to my move: the least of its positions' values."""
    kids = reply.children
    killers = reply.game.killers  # type: ignore[attr-defined]
    ply = reply.ply  # type: ignore[attr-defined]
    depth, extend = _below(len(kids), depth, extend)
    best = INF
    for k, i in enumerate(_order(reply, kids, killers[ply])):
        ceiling = min(beta, best)
        kid: ChamberPosition = kids[i]  # type: ignore[assignment]
        if k and _late(depth) and kid.me != kid.enemy:  # a late answer, as a late move in _value; a collision never
            v = value(kid, depth - REDUCE, ceiling - 1, ceiling, check, extend)
            if v < ceiling:
                v = value(kid, depth, alpha, ceiling, check, extend)
        else:
            v = value(kid, depth, alpha, ceiling, check, extend)
        if v < best:
            best = v
            reply.lead = i
            killers[ply] = kids[i].move
            if v <= alpha:
                break
    return best


def contested(reply: Node) -> bool:
    """Whether the enemy can answer my move by entering the same cell: a head-on collision."""
    return any(kid.me == kid.enemy for kid in reply.children)  # type: ignore[attr-defined]


def held_without_collision(reply: Node, bound: int, depth: int, extend: int, check: Check | None) -> bool:
    """Whether an answer other than the head-on collision holds my move to ``bound`` or less (null-window tests)."""
    kids = reply.children
    depth, extend = _below(len(kids), depth, extend)
    return any(
        kid.me != kid.enemy and value(kid, depth, bound, bound + 1, check, extend) <= bound  # type: ignore[arg-type, attr-defined]
        for kid in kids
    )


def improvements(root: ChamberPosition, depth: int, check: Check | None = None) -> Iterator[Result]:
    """(value, move) of ``root`` searched ``depth`` plies, each time a move is found better: the last is the search's result.

    The first item is the first move's value (the last depth's best, searched
    first); each later one is a move proven better than every move before it
    (an exact value: a root move's window has no ceiling), so a search cut
    off by ``check`` has still found what it yielded.  The first in order
    wins a tie.  With ``SIDESTEP``, a tie is the exception: where the best
    move so far enters a cell the enemy can enter too, and the enemy holds it
    to its value without colliding, a later move worth as much that risks no
    collision replaces it (so it is searched with a window one below the
    best, to tell a tie from a lesser value).
    """
    score: int = root.score  # sets final
    kids = root.children
    if root.final or not kids:  # the game is over here: any free move
        yield score, kids[0].move if kids else Move.NONE
        return
    best, chosen = -INF, None
    depth, extend = _below(len(kids), depth, EXTEND)
    for i in _order(root, kids, 0):
        kid = kids[i]
        risky = SIDESTEP and chosen is not None and contested(chosen)
        v = _answer(kid, depth, best - 1 if risky else best, INF, check, extend)
        if v > best or risky and v == best and not contested(kid) and held_without_collision(chosen, best, depth, extend, check):  # type: ignore[arg-type]
            best, chosen = v, kid
            root.lead = i
            yield best, kid.move


def search(root: ChamberPosition, depth: int, check: Check | None = None) -> Result:
    """(value, my best move) of ``root`` searched ``depth`` plies: the last of :func:`improvements`."""
    return last(improvements(root, depth, check))


def interrupted(root: ChamberPosition, depth: int, check: Check | None) -> Iterator[Result]:
    """:func:`search`'s one result; or, if ``check`` cuts it off after a later move was proven better than the first, that move.

    Only with ``UNFINISHED``.  The first move searched is the last depth's
    best, so an unfinished depth changes the decision only by a move it has
    proven better (as chess engines keep an unfinished iteration's best
    move).  Nothing is yielded for a search cut off before that, or without
    ``UNFINISHED``: the deadline keeps the last depth's result.
    """
    found: list[Result] = []
    try:
        for improvement in improvements(root, depth, check):
            found.append(improvement)
    except OutOfTime:
        if UNFINISHED and len(found) > 1:
            yield found[-1]  # the deadline has passed: nothing asks for more
        raise
    yield found[-1]


def root_values(root: ChamberPosition, depth: int, check: Check | None = None) -> dict[Move, int]:
    """Each of my moves at ``root`` with its exact value ``depth`` plies deep (shallower depths first, as the bot searches).

    The search itself stops at the best move's value; this tells how far
    behind the others are, for analysis (``benchmarks/decisive.py``).
    """
    for shallower in range(2, depth, 2):
        search(root, shallower, check)
    kids = root.children
    below, extend = _below(len(kids), depth, EXTEND)
    return {kid.move: _answer(kid, below, -INF, INF, check, extend) for kid in kids}


def answer_matrix(root: ChamberPosition, depth: int, check: Check | None = None) -> dict[Move, dict[Move, int]]:
    """Each of my moves at ``root``, each enemy answer to it with its exact value ``depth`` plies deep (for analysis).

    The least of a move's answers is its :func:`root_values` value; the
    others tell what the move is worth against answers the enemy might
    play instead, not knowing my move (``benchmarks/drawn.py``).
    """
    kids = root.children
    below, extend = _below(len(kids), depth, EXTEND)
    matrix = {}
    for kid in kids:
        answers = kid.children
        deeper, free = _below(len(answers), below, extend)
        matrix[kid.move] = {position.move: value(position, deeper, -INF, INF, check, free) for position in answers}  # type: ignore[arg-type]
    return matrix


def fill_moves(root: ChamberPosition, check: Check | None = None) -> Iterator[Result]:
    """Apart at the root: ever-deeper space-filling searches for my own longest path.

    The first result is :func:`best_step`'s move.  Then :func:`lines`
    searches d = 0, 1, 2, ... steps deep with a greedy walk below, trying
    best_step's move first: another move replaces it only for a strictly
    longer line; each result is the longest line's first move.  Every
    depth yields one result, so that the k-th result
    costs a search k steps deep (a fixed-depth analysis never waits for an
    exhaustive one); they end once a line reaches the chamber bound of my
    region or the search was exhaustive.
    """
    game = root.game
    me = 1 << root.me
    region = reach(root.open_ | me, me, game.stride) & ~me
    bound = fillable(region, root.me, game.width, game.height)
    targets = {kid.target: kid.move for kid in root.children}  # type: ignore[attr-defined]
    step = best_step(region, root.me, game.width, game.height)
    best: Result = (root.score, targets.get(step, Move.NONE) if step is not None else Move.NONE)
    yield best
    for length, cell in lines(region, root.me, game.width, game.height, step, check):
        if cell is not None:
            best = root.score + SEPARATE * (length - bound), targets.get(cell, Move.NONE)
        yield best  # one result per depth, so that a fixed depth asks for a bounded search


def best_scores(root: Node, check: Check | None = None) -> Iterator[Result]:
    """The first legal move (score None), then results at depths 2, 4, 6 ...

    They end once a result is a win or a loss, or the depth is beyond the
    end of every line (each player can move at most once per open cell).
    Under a clock, with ``UNFINISHED``, the last may be an unfinished depth's (:func:`interrupted`).
    """
    assert isinstance(root, ChamberPosition)
    _ = root.score  # sets final and apart
    kids = root.children
    yield None, kids[0].move if kids else Move.NONE  # type: ignore[misc]
    if root.apart:
        yield from fill_moves(root, check)
        return
    depth, longest = 2, 2 * root.open_.bit_count() + 2
    while kids and depth <= longest:
        for result in interrupted(root, depth, check):
            yield result
            if decided(result[0]):
                return
        depth += 2
