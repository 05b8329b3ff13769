/* The last plies of the chambers search (search.value), in C: the same alpha-beta over the same positions, scored as
   evaluate.evaluate scores them, without making tree nodes.  A line's cells are walled in its Line as it goes and
   opened again after. */

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "speedups.h"

/* The search's `check` (the deadline) is called every CHECK_EVERY positions visited, and sooner where
   CHECK_SECONDS have passed since the last call (the clock is read every CLOCK_EVERY positions and after every
   costly score): a position on a large board can cost milliseconds. */
enum { CHECK_EVERY = 256, CLOCK_EVERY = 4 };
static const double CHECK_SECONDS = 0.002;

/* The monotonic clock in seconds (Python's time.monotonic reads the same). */
#if defined(_WIN32)
#include <windows.h>
static double seconds_now(void) {
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
}
#else
static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#endif

static Score clamp(Score value, Score limit) { return value < -limit ? -limit : value > limit ? limit : value; }

/* evaluate.distance: steps between two cells, walls aside. */
static Score steps_apart(Py_ssize_t cell, Py_ssize_t other, Py_ssize_t stride) {
    Py_ssize_t rows = cell / stride - other / stride, cols = cell % stride - other % stride;
    return (Score)((rows < 0 ? -rows : rows) + (cols < 0 ? -cols : cols));
}

/* evaluate.spread: a connected lead `value` as it counts with the heads `steps` apart, (steps + scale) / scale times
   itself rounded towards zero; `scale` 0: the lead itself.  It grows with `value`, so a bound maps to a bound. */
static Score spread(Score value, Score steps, Score scale) {
    return scale ? value * (steps + scale) / scale : value;
}

/* evaluate.squash: a connected lead `value` as `value` x `scale` / (|value| + `scale`), rounded towards zero; `scale`
   0: the lead itself.  It never falls as `value` grows, so a bound maps to a bound. */
static Score squash(Score value, Score scale) {
    if (!scale) return value;
    Score size = value < 0 ? -value : value, squashed = size * scale / (size + scale);
    return value < 0 ? -squashed : squashed;
}

/* A side's part of a connected score: `fill` its share's bound and `edge` its edges, or where its tree of blocks was
   not searched (its field -1), at least as much: its parity bound and every edge of its share. */
static Score side_part(const long *m, const Knobs *k, int side) {
    long chambers = m[CHAMBERS + side], parity = m[PARITY + side];
    long fill = chambers >= 0 && chambers < parity ? chambers : parity;
    return k->fill * fill + k->edge * m[EDGES + side];
}

/* fill.walk_ahead on the grid `g` (its MINE cells the region): the longest of every path of `ahead` steps from `head`,
   each continued by walk_grid on `copy` (a grid of the same size); it stops once a line reaches `top`; `g` is left as
   it was; -1 out of memory. */
static long walk_ahead(unsigned char *g, unsigned char *copy, const Line *line, Py_ssize_t head, Score ahead, long top) {
    if (ahead <= 0) {
        memcpy(copy - line->stride, g - line->stride, (size_t)(line->cells + 2 * line->stride));
        return walk_grid(copy, line->stride, line->cells, line->steps, head);
    }
    long best = 0;
    for (int d = 0; d < 4 && best < top; d++) {
        Py_ssize_t t = head + line->steps[d];
        if (g[t] != MINE) continue;
        g[t] = WALL;
        long length = walk_ahead(g, copy, line, t, ahead - 1, top - 1);
        g[t] = MINE;
        if (length < 0) return -1;
        if (1 + length > best) best = 1 + length;
    }
    return best;
}

/* fill.walk_ahead's length from `head` through the cells of `owner` that `side` owns (the head's cell aside), `ahead`
   steps tried before the walk, up to `top`; -1 out of memory. */
static long walk_share(const Line *line, const unsigned char *owner, unsigned char side, Py_ssize_t head, Score ahead, long top) {
    size_t size = (size_t)(line->cells + 2 * line->stride);
    unsigned char *g = malloc(2 * size);
    if (g == NULL) return -1;
    memset(g, WALL, size);
    unsigned char *cells = g + line->stride;
    for (Py_ssize_t c = 0; c < line->cells; c++)
        if (owner[c] == side && c != head) cells[c] = MINE;
    long length = ahead <= 0 ? walk_grid(cells, line->stride, line->cells, line->steps, head)
                             : walk_ahead(cells, g + size + line->stride, line, head, ahead, top);
    free(g);
    return length;
}

/* A region's cells of `owner` marked `side` (its head aside) as a bitset; how many into *count. */
static void region_bits(const Line *line, const unsigned char *owner, unsigned char side, Py_ssize_t head, word *bits, long *count) {
    *count = 0;
    for (Py_ssize_t c = 0; c < line->cells; c++)
        if (owner[c] == side && c != head) {
            put_bit(bits, c);
            ++*count;
        }
}

static uint64_t mix(uint64_t z);
static uint64_t key(Py_ssize_t cell, int role);

/* Two 64-bit hashes of a set of cells (`bits`, `words` words) with a head in it, in *k and *c: each word mixed once
   with its index, the mixes XORed for one and summed with odd weights for the other, so that a table's slot is
   taken for the cells only where both match. */
static void cells_hash(const word *bits, int words, Py_ssize_t head, uint64_t *k, uint64_t *c) {
    uint64_t h = key(head, 1), g = key(head, 2);
    for (int i = 0; i < words; i++)
        if (bits[i]) {
            uint64_t x = mix(bits[i] ^ (uint64_t)i * 0xd1b54a32d192ed03u);
            h ^= x;
            g += x * (2 * (uint64_t)i + 1);
        }
    *k = h, *c = g;
}

/* The slot of a region's bound in its Horizon's table, and the region's two hashes (its words and head) in *k, *c. */
static Kept *region_slot(const Search *s, const word *bits, int words, Py_ssize_t head, uint64_t *k, uint64_t *c) {
    cells_hash(bits, words, head, k, c);
    return &s->self->regions[*k & (REGION_SLOTS - 1)];
}

/* space.fillable of a side's region (`bits`, `cells` of them, from `owner`): the tree of chambers' bound, kept in the
   Horizon's table of regions, or beyond FILLABLE_CELLS cells the lesser of its tree of blocks' and its parity bound.
   -1 out of memory. */
static long region_fill(Search *s, long *m, int side, Py_ssize_t head, const word *bits, int words,
                        long cells) {
    if (cells <= FILLABLE_CELLS) {
        uint64_t k, c;
        Kept *slot = region_slot(s, bits, words, head, &k, &c);
        if (slot->key == k && slot->check == c) return slot->bound;
        long bound = fillable_bound(bits, words, (int)s->line.stride - 1, head);
        if (bound >= 0) slot->key = k, slot->check = c, slot->bound = bound, slot->walk = -1;
        return bound;
    }
    chamber_field(&s->line, head, side, m);
    return m[CHAMBERS + side] < m[PARITY + side] ? m[CHAMBERS + side] : m[PARITY + side];
}

/* walk_share of a side's region (`bits`, `cells` of them), kept beside its bound in the Horizon's table of regions up to
   FILLABLE_CELLS cells; -1 out of memory. */
static long region_walk(Search *s, const unsigned char *owner, unsigned char side, Py_ssize_t head, const word *bits,
                        int words, long cells, long top) {
    Kept *slot = NULL;
    if (cells <= FILLABLE_CELLS) {
        uint64_t k, c;
        slot = region_slot(s, bits, words, head, &k, &c);
        if (slot->key != k || slot->check != c) slot = NULL;
        else if (slot->walk >= 0) return slot->walk;
    }
    long length = walk_share(&s->line, owner, side, head, s->self->knobs.walk_ahead, top);
    if (slot != NULL && length >= 0) slot->walk = length;
    s->next_check = s->visits + 1; /* a walk can cost hundreds of positions' time: the clock is looked at next */
    return length;
}

/* evaluate.apart_value: `separate` a fillable cell of mine less the enemy's; where the two bounds are within `close`
   cells and neither region holds more than `close_cells`, less `shortfall` a cell the walk (walk_ahead) falls short of my
   bound, plus as much a cell it falls short of the enemy's.  `owner` is the split's grid, each share a region, and `m`
   its measures. */
static Score apart_filled(Search *s, const unsigned char *owner, long *m, Py_ssize_t me, Py_ssize_t enemy) {
    const Knobs *k = &s->self->knobs;
    const Line *line = &s->line;
    int words = (int)((line->cells + 63) / 64);
    word *regions = calloc(2 * (size_t)words, sizeof(word));
    if (regions == NULL) goto out_of_memory;
    long mine_cells, theirs_cells;
    region_bits(line, owner, MINE, me, regions, &mine_cells);
    region_bits(line, owner, THEIRS, enemy, regions + words, &theirs_cells);
    long mine_fill = region_fill(s, m, 0, me, regions, words, mine_cells);
    long theirs_fill = region_fill(s, m, 1, enemy, regions + words, words, theirs_cells);
    if (mine_fill < 0 || theirs_fill < 0) goto out_of_memory;
    long gap = mine_fill - theirs_fill, most = mine_cells > theirs_cells ? mine_cells : theirs_cells;
    Score value = k->separate * (Score)gap;
    if (k->close >= 0 && (gap < 0 ? -gap : gap) <= k->close && most <= k->close_cells) {
        long mine_walk = region_walk(s, owner, MINE, me, regions, words, mine_cells, mine_fill);
        long theirs_walk = region_walk(s, owner, THEIRS, enemy, regions + words, words, theirs_cells, theirs_fill);
        if (mine_walk < 0 || theirs_walk < 0) goto out_of_memory;
        long mine_short = mine_fill > mine_walk ? mine_fill - mine_walk : 0;
        long theirs_short = theirs_fill > theirs_walk ? theirs_fill - theirs_walk : 0;
        value -= k->shortfall * (Score)(mine_short - theirs_short);
    }
    free(regions);
    return clamp(value, s->self->limit);
out_of_memory:
    free(regions);
    PyErr_NoMemory();
    s->failed = 1;
    return 0;
}

/* The clock, looked at as CHECK_EVERY and CHECK_SECONDS say: 0 when the search's `check` raised. */
static int on_time(Search *s) {
    ++s->visits;
    if (s->check == Py_None) return 1;
    if (s->visits < s->next_check) {
        if (!s->clock_due && s->visits % CLOCK_EVERY) return 1;
        s->clock_due = 0;
        if (seconds_now() < s->next_time) return 1;
    }
    s->next_check = s->visits + CHECK_EVERY;
    s->next_time = seconds_now() + CHECK_SECONDS;
    PyObject *ok = PyObject_CallNoArgs(s->check);
    if (ok == NULL) {
        s->failed = 1;
        return 0;
    }
    Py_DECREF(ok);
    return 1;
}

/* chamber_field of a side's share in a connected position, kept in the Horizon's table of shares: the search's
   positions often leave a side a share (its cells and its head) that a position scored before left it (three times in four in
   benchmarks/chambers_depth.py's searches), whose tree of blocks need not be searched again. */
static void share_field(Search *s, Py_ssize_t head, int side, long *m) {
    const Boards *B = &s->line.boards;
    uint64_t h, g;
    cells_hash(side ? B->theirs : B->mine, B->words, head, &h, &g);
    Share *slot = &s->self->shares[h & (SHARE_SLOTS - 1)];
    if (slot->key == h && slot->check == g) {
        m[CHAMBERS + side] = slot->bound;
        return;
    }
    chamber_field(&s->line, head, side, m);
    slot->key = h, slot->check = g, slot->bound = m[CHAMBERS + side];
}

/* The connected score of the shares' fields in `m` with the heads `steps` apart: my part less the enemy's, less
   `aggression` a step, spread by the heads' distance and squashed (evaluate.evaluate). */
static Score lead(const long *m, const Knobs *k, Score steps) {
    return squash(spread(side_part(m, k, 0) - side_part(m, k, 1) - k->aggression * steps, steps, k->spread), k->squash);
}

/* A connected position's score with the window (alpha, beta), fail-soft: exact inside it; where one side's tree of
   blocks already shows it outside (the other's part at its most: parity bound, every edge), that bound, the other
   side's tree never searched.  The side searched first is the one a fail low (the enemy's) or a fail high (mine)
   needs.  `lazy` 0: both trees searched, the exact score.  The shares are those measure_line() left in the line. */
static Score connected_value(Search *s, long *m, Py_ssize_t me, Py_ssize_t enemy, int lazy, Score alpha, Score beta) {
    const Knobs *k = &s->self->knobs;
    const Score steps = steps_apart(me, enemy, s->line.stride);
    const Py_ssize_t heads[2] = {me, enemy};
    for (int side = 0; side < 2 && !lazy; side++) share_field(s, heads[side], side, m);
    if (lazy) {
        int first = lead(m, k, steps) < beta ? 1 : 0;
        share_field(s, heads[first], first, m);
        Score bound = clamp(lead(m, k, steps), s->self->limit);
        if (first ? bound <= alpha : bound >= beta) return bound;
        share_field(s, heads[!first], !first, m);
    }
    return clamp(lead(m, k, steps), s->self->limit);
}

/* evaluate.evaluate: the score of the position `ply` plies from the root, and its kind.  With `lazy`, a connected
   position's score is only exact inside (alpha, beta): connected_value. */
static Score evaluate(Search *s, Py_ssize_t me, Py_ssize_t enemy, int ply, int *kind, int lazy, Score alpha, Score beta) {
    *kind = OVER;
    s->evaluations++;
    if (!on_time(s)) return 0;
    if (me == enemy) return s->self->knobs.collision; /* a head-on collision: a draw, and this */
    long m[SPLIT_FIELDS];
    measure_line(&s->line, me, enemy, m, 0);
    if (!m[MOVES] || !m[MOVES + 1]) return !m[MOVES] && !m[MOVES + 1] ? 0 : !m[MOVES] ? -(s->self->win - ply) : s->self->win - ply;
    *kind = m[TOUCHING] ? CONNECTED : APART;
    if (m[TOUCHING]) return connected_value(s, m, me, enemy, lazy, alpha, beta);
    s->clock_due = 1; /* the bounds of two regions can cost milliseconds: the clock is read next */
    return apart_filled(s, share_owner(&s->line), m, me, enemy);
}

/* The open cells next to `cell`: how many, their cells and moves (1 North ... 4 West) into `to`, `codes`. */
static int legal(const Search *s, Py_ssize_t cell, Py_ssize_t *to, int *codes) {
    int n = 0;
    for (int d = 0; d < 4; d++)
        if (s->line.walls[cell + s->line.steps[d]] == NOBODY) {
            to[n] = cell + s->line.steps[d];
            codes[n++] = d + 1;
        }
    return n;
}

/* A position's hash key part: `cell` as an open cell (role 0), my head (1), the enemy's (2), or my move's target (3). */
static uint64_t key(Py_ssize_t cell, int role) { return mix((uint64_t)cell * 4 + (uint64_t)role); }

/* The hash of the line's position with the heads at `me` and `enemy`, mine to move (search_moves' key). */
static uint64_t position_hash(const Search *s, Py_ssize_t me, Py_ssize_t enemy) { return s->hash ^ key(me, 1) ^ key(enemy, 2); }

/* The hash of the line's position once my move to `target` is made, the enemy's answer to come (answer's key). */
static uint64_t answer_hash(const Search *s, Py_ssize_t target, Py_ssize_t enemy) { return s->hash ^ key(target, 3) ^ key(enemy, 2); }

/* splitmix64's step and finaliser: 64 well-mixed bits of `z`. */
static uint64_t mix(uint64_t z) {
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The bucket of a position's best move in its Horizon's table: BEST_WAYS slots (a slot taken by another position
   costs a worse order, never a wrong value). */
static Best *best_slot(const Search *s, uint64_t hash) { return &s->self->best[hash & (BEST_SLOTS - BEST_WAYS)]; }

/* The best move kept of the position `hash`, 0 none. */
static int best_code(const Search *s, uint64_t hash) {
    const Best *bucket = best_slot(s, hash);
    for (int w = 0; w < BEST_WAYS; w++)
        if (bucket[w].hash == hash) return bucket[w].code;
    return 0;
}

/* The search's order: the move last found best here, the killer's move, then the others in move order. */
static void order(const Search *s, int ply, int n, const int *codes, int *indices, uint64_t hash) {
    int lead = best_code(s, hash), killer = ply < s->plies ? s->killers[ply] : 0;
    int k = 0, used[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        if (lead && codes[i] == lead) indices[k++] = i, used[i] = 1;
    for (int i = 0; i < n; i++)
        if (killer && codes[i] == killer && !used[i]) indices[k++] = i, used[i] = 1;
    for (int i = 0; i < n; i++)
        if (!used[i]) indices[k++] = i;
}

/* Plies a kept best move's lines may end short of the current search's with its slot kept from any move (the moves
   of past turns and shallow iterations give way). */
enum { BEST_AGE = 8 };

/* A position's best move, found by a search `depth` plies deep from `ply`: into its bucket's first slot where that
   slot holds the position, a search no deeper, or one whose lines ended more than BEST_AGE plies short of the current
   search's; else into its last.  The first slots keep the moves of the positions near a search's root, whose order
   saves the most, from the many below them. */
static void keep_best(const Search *s, uint64_t hash, int code, int depth, int ply) {
    Best *slot = best_slot(s, hash);
    if (slot->hash != hash && depth < slot->depth && slot->reach + BEST_AGE >= s->reach) slot += BEST_WAYS - 1;
    slot->hash = hash, slot->code = code, slot->depth = (short)depth, slot->reach = (short)(ply + depth);
}

enum { EXHAUSTIVE = -1 }; /* the depth of a slot that keeps a search which cut no line */

/* With `memo`, the slot of what a search of the position (`hash`) to `depth` with `extend` free plies found, and its
   key; NULL without. */
static Found *found_slot(const Search *s, uint64_t hash, int depth, int extend, uint64_t *k) {
    if (s->self->found == NULL) return NULL;
    *k = hash ^ mix(~(((uint64_t)(unsigned)depth << 16) | (unsigned)extend));
    return &s->self->found[*k & (FOUND_SLOTS - 1)];
}

/* Whether a kept value answers a search with the window (alpha, beta): search.recall. */
static int answers(const Found *slot, Score alpha, Score beta) {
    return slot->bound == 0 || (slot->bound > 0 && slot->value >= beta) || (slot->bound < 0 && slot->value <= alpha);
}

/* search.recall: where a value kept of the position answers the window (alpha, beta), 1 and the value into *v; else
   0.  Kept at this depth and these free plies (a line counted cut where its search cut one), or by a search that cut
   no line: a search at least as deep, and as deep with its free plies added as that one with its own, cuts none
   either (no line of it is shorter) and finds the same (search._solved). */
static int recalled(Search *s, uint64_t hash, int depth, int extend, Score alpha, Score beta, Score *v) {
    uint64_t k;
    const Found *slot = found_slot(s, hash, depth, extend, &k);
    if (slot == NULL) return 0;
    if (slot->key == k && answers(slot, alpha, beta)) {
        s->cuts += slot->cut;
        *v = slot->value;
        return 1;
    }
    slot = found_slot(s, hash, EXHAUSTIVE, 0, &k);
    if (slot->key != k || !answers(slot, alpha, beta)) return 0;
    if (depth < slot->depth || depth + extend < slot->depth + slot->extend) return 0;
    *v = slot->value;
    return 1;
}

/* What a complete search of the position found: its best move, and with `memo` its value (search.bounded) and whether
   it cut a line; where it cut none, also by the position alone. */
static void keep(const Search *s, uint64_t hash, int code, int ply, int depth, int extend, Score value, Score alpha, Score beta,
                 int cut) {
    uint64_t k;
    Found *slot = found_slot(s, hash, depth, extend, &k);
    keep_best(s, hash, code, depth, ply);
    if (slot == NULL) return;
    const signed char bound = value >= beta ? 1 : value <= alpha ? -1 : 0;
    slot->key = k, slot->value = value, slot->bound = bound, slot->cut = (signed char)cut;
    if (cut) return;
    slot = found_slot(s, hash, EXHAUSTIVE, 0, &k);
    slot->key = k, slot->value = value, slot->bound = bound, slot->cut = 0;
    slot->depth = (short)depth, slot->extend = (short)extend;
}

/* The slots a search of the position (`hash`) to `depth` with `extend` free plies reads first, asked for ahead: a
   table's slot is rarely in the cache, and the position's turn comes after a flood or a sibling's search. */
static PREFETCHING void expect(const Search *s, uint64_t hash, int depth, int extend) {
    uint64_t k;
    prefetch(best_slot(s, hash));
    if (s->self->found == NULL) return;
    prefetch(found_slot(s, hash, depth, extend, &k));
    prefetch(found_slot(s, hash, EXHAUSTIVE, 0, &k));
}

static void remember(Search *s, int ply, int code) {
    if (ply < s->plies) s->killers[ply] = (unsigned char)code;
}

/* search._below: a forced move costs no depth while the line's free plies last. */
static void below(int moves, int *depth, int *extend) {
    if (moves == 1 && *extend > 0) --*extend;
    else --*depth;
}

/* search._look: the depth a node's later move (k > 0) is first searched to with a null window, `reduce` plies
   shallower where a line still remains, the full depth with `scout`; -1: at once with the full window. */
static int look(const Search *s, int k, int depth) {
    const Knobs *knobs = &s->self->knobs;
    if (!k) return -1;
    if (knobs->reduce > 0 && depth - knobs->reduce >= 2) return depth - knobs->reduce;
    return knobs->scout ? depth : -1;
}

static Score answer(Search *s, Py_ssize_t target, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend);

/* Whether both players can move and can still meet (the split's `touching`: their heads side by side, or the enemy's
   head beside a cell my flood reaches): such a position inside the line needs no score. */
static int meeting(const Search *s, Py_ssize_t me, Py_ssize_t enemy) {
    Py_ssize_t to[4];
    int codes[4];
    if (me == enemy || !legal(s, me, to, codes) || !legal(s, enemy, to, codes)) return 0;
    for (int d = 0; d < 4; d++)
        if (me + s->line.steps[d] == enemy) return 1;
    return line_meets(&s->line, me, enemy);
}

/* The best of my moves in a position that is neither over nor apart, `depth` plies deep. */
static Score search_moves(Search *s, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend) {
    Py_ssize_t to[4];
    int codes[4], indices[4], n = legal(s, me, to, codes), chosen = 0;
    uint64_t hash = position_hash(s, me, enemy);
    Score best;
    const int deep = depth, spare = extend;
    const long before = s->cuts;
    if (recalled(s, hash, depth, extend, alpha, beta, &best)) return best;
    below(n, &depth, &extend);
    for (int i = 0; i < n; i++) expect(s, answer_hash(s, to[i], enemy), depth, extend);
    order(s, ply, n, codes, indices, hash);
    best = -(s->self->win + 1);
    for (int k = 0; k < n; k++) {
        int i = indices[k], first = look(s, k, depth);
        Score floor = alpha > best ? alpha : best, v;
        if (first >= 0) { /* a later move: shown no better with a null window, it is not searched with the full one */
            v = answer(s, to[i], enemy, ply + 1, first, floor, floor + 1, extend);
            if (!s->failed && v > floor && (first < depth || v < beta))
                v = answer(s, to[i], enemy, ply + 1, depth, floor, beta, extend);
        } else
            v = answer(s, to[i], enemy, ply + 1, depth, floor, beta, extend);
        if (s->failed) return 0;
        if (v > best) {
            best = v;
            chosen = codes[i];
            remember(s, ply, codes[i]);
            if (v >= beta) break;
        }
    }
    if (chosen) keep(s, hash, chosen, ply, deep, spare, best, alpha, beta, s->cuts > before);
    return best;
}

/* search.value of a position never searched: scored only where the search stops there. */
static Score value(Search *s, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend) {
    if (depth > 0) {
        expect(s, position_hash(s, me, enemy), depth, extend); /* asked for before the flood, read after it */
        if (meeting(s, me, enemy)) return on_time(s) ? search_moves(s, me, enemy, ply, depth, alpha, beta, extend) : 0;
    }
    int kind, keep = ply == s->root_ply + 2 && s->found < 16; /* a kept score is exact */
    Score score = evaluate(s, me, enemy, ply, &kind, depth <= 0 && !keep, alpha, beta);
    if (keep) { /* kept, so that the tree need not score it again */
        Score *kept = s->scored[s->found++];
        kept[0] = (Score)me, kept[1] = (Score)enemy, kept[2] = score, kept[3] = kind;
    }
    if (s->failed || kind != CONNECTED) return score;
    if (depth <= 0) {
        ++s->cuts;
        return score;
    }
    return search_moves(s, me, enemy, ply, depth, alpha, beta, extend);
}

/* Two cells of the line walled (`mark` WALL) or opened again (NOBODY), and the line's hash. */
static void wall(Search *s, Py_ssize_t a, Py_ssize_t b, unsigned char mark) {
    line_wall(&s->line, a, mark);
    line_wall(&s->line, b, mark);
    s->hash ^= key(a, 0) ^ key(b, 0);
}

/* search._answer: my move to `target` made, the least of the enemy's answers.  Where the enemy can step into `target`,
   that collision (worth `collision`, at no cost) is its first answer: enough at once where it is no more than alpha, and
   else the ceiling the other answers are searched under. */
static Score answer(Search *s, Py_ssize_t target, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend) {
    Py_ssize_t to[4];
    int codes[4], indices[4], n = legal(s, enemy, to, codes), chosen = 0;
    uint64_t hash = answer_hash(s, target, enemy);
    const Score collided = s->self->knobs.collision;
    Score best = s->self->win + 1;
    for (int i = 0; i < n; i++)
        if (to[i] == target) best = collided, chosen = codes[i];
    if (chosen && best <= alpha) return best;
    const int deep = depth, spare = extend;
    const long before = s->cuts;
    Score kept;
    if (recalled(s, hash, depth, extend, alpha, beta, &kept)) return kept;
    below(n, &depth, &extend);
    order(s, ply, n, codes, indices, hash);
    for (int k = 0, later = chosen != 0; k < n; k++) {
        int i = indices[k];
        Py_ssize_t cell = to[i];
        if (cell == target) continue;
        int first = look(s, later++, depth);
        Score v, ceiling = beta < best ? beta : best;
        wall(s, target, cell, WALL);
        if (first >= 0) { /* a later answer, as a later move in search_moves */
            v = value(s, target, cell, ply + 1, first, ceiling - 1, ceiling, extend);
            if (!s->failed && v < ceiling && (first < depth || v > alpha))
                v = value(s, target, cell, ply + 1, depth, alpha, ceiling, extend);
        } else
            v = value(s, target, cell, ply + 1, depth, alpha, ceiling, extend);
        wall(s, target, cell, NOBODY);
        if (s->failed) return 0;
        if (v < best) {
            best = v;
            chosen = codes[i];
            remember(s, ply, codes[i]);
            if (v <= alpha) break;
        }
    }
    if (chosen) keep(s, hash, chosen, ply, deep, spare, best, alpha, beta, s->cuts > before);
    return best;
}

/* A search of `self` from ply `ply`, its line made (line_new) and its killers held by the caller. */
void search_start(Search *s, Horizon *self, int ply) {
    s->self = self;
    s->evaluations = s->visits = 0;
    s->next_check = CHECK_EVERY;
    s->next_time = seconds_now() + CHECK_SECONDS;
    s->clock_due = 0;
    s->failed = 0;
    s->root_ply = ply;
    s->found = 0;
    s->cuts = 0;
    s->hash = 0;
    for (Py_ssize_t c = 0; c < s->line.cells; c++)
        if (s->line.walls[c] == NOBODY) s->hash ^= key(c, 0);
}

/* search.value of the line's position, scored first unless `evaluated` (its score and kind into *score, *kind: the
   value is its score where it is over or apart). */
Score search_position(Search *s, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend,
                      int evaluated, Score *score, int *kind) {
    *score = 0;
    *kind = CONNECTED;
    s->reach = ply + depth;
    if (!evaluated) *score = evaluate(s, me, enemy, ply, kind, 0, 0, 0);
    if (s->failed || *kind != CONNECTED) return *score;
    return search_moves(s, me, enemy, ply, depth, alpha, beta, extend);
}
