/* The tree of chambers' bound of a region (space.fillable), in C: the same bound, computed on the same bitboards.

   A region is a bitset of 64-bit words, bit c for cell c (one guard column: stride width + 1), as space.py holds it
   in a Python int; each function here is the Python function of the same name, step for step, so that the numbers
   are the same (tests/engines/chambers/test_space.py compares them).  Its shifts test their bounds (boards.c's
   padded ones do not need to): a region's words are not padded. */

#include <stdlib.h>
#include <string.h>

#include "speedups.h"

#define NO_CELL (-(1L << 30)) /* a head that is no cell: never next to one */

typedef struct {
    int words;   /* the words of a bitset */
    long stride; /* width + 1 */
    int width;
} Grid;

typedef struct {
    long cell;   /* the exit: a cut cell next to the chamber */
    word *beyond; /* the cells beyond it */
} Exit;

static word *bits_new(const Grid *g) { return calloc((size_t)g->words, sizeof(word)); }

static void bits_copy(const Grid *g, word *dst, const word *src) { memcpy(dst, src, sizeof(word) * (size_t)g->words); }

static int bits_any(const Grid *g, const word *a) {
    for (int i = 0; i < g->words; i++)
        if (a[i]) return 1;
    return 0;
}

static int has(const Grid *g, const word *a, long cell) { return cell >= 0 && cell < 64L * g->words && (a[cell >> 6] >> (cell & 63) & 1); }

/* A shift of a bitset by k bits: `words` whole words and `bit` bits more (k = 64 words + bit, 0 <= bit < 64). */
typedef struct {
    long words;
    int bit;
} Shift;

static Shift shift_of(long k) {
    long words = k >= 0 ? k / 64 : -((-k + 63) / 64);
    return (Shift){words, (int)(k - 64 * words)};
}

/* Word i of the bitset whose bit c is bit c + k of `src` (Python's src >> k, or src << -k), k as `by`. */
static inline word shifted(const Grid *g, const word *src, int i, Shift by) {
    long at = i + by.words;
    word low = at >= 0 && at < g->words ? src[at] : 0, high = at + 1 >= 0 && at + 1 < g->words ? src[at + 1] : 0;
    return by.bit ? low >> by.bit | high << (64 - by.bit) : low;
}

/* space.neighbours: the cells one step from `src` (unmasked). */
static void neighbours(const Grid *g, word *dst, const word *src) {
    const Shift w = shift_of(-1), e = shift_of(1), n = shift_of(-g->stride), s = shift_of(g->stride);
    for (int i = 0; i < g->words; i++)
        dst[i] = shifted(g, src, i, w) | shifted(g, src, i, e) | shifted(g, src, i, n) | shifted(g, src, i, s);
}

/* territory.reach: the cells of `free` reachable from `start` (start included), into `seen`. */
static void reach(const Grid *g, word *seen, const word *free, const word *start, word *front, word *grown) {
    bits_copy(g, seen, start);
    bits_copy(g, front, start);
    for (;;) {
        neighbours(g, grown, front);
        int any = 0;
        for (int i = 0; i < g->words; i++) {
            front[i] = grown[i] & free[i] & ~seen[i];
            seen[i] |= front[i];
            any |= front[i] != 0;
        }
        if (!any) return;
    }
}

/* space.cut_candidates: cells whose region neighbours form two or more groups around their 3x3 ring. */
static void cut_candidates(const Grid *g, word *dst, const word *region) {
    long s = g->stride;
    const Shift N = shift_of(-s), E = shift_of(1), S = shift_of(s), W = shift_of(-1);
    const Shift NE = shift_of(-s + 1), SE = shift_of(s + 1), SW = shift_of(s - 1), NW = shift_of(-s - 1);
    for (int i = 0; i < g->words; i++) {
        word n = shifted(g, region, i, N), e = shifted(g, region, i, E), so = shifted(g, region, i, S), w = shifted(g, region, i, W);
        word ne = shifted(g, region, i, NE), se = shifted(g, region, i, SE), sw = shifted(g, region, i, SW), nw = shifted(g, region, i, NW);
        word tn = n & ~(e & ne), te = e & ~(so & se), ts = so & ~(w & sw), tw = w & ~(n & nw);
        dst[i] = ((tn & (te | ts | tw)) | (te & (ts | tw)) | (ts & tw)) & region[i];
    }
}

/* space.region_bound: the parity bound of `region` for a path from `head`; red cells have x + y even. */
static long region_bound(const Grid *g, const word *region, long head) {
    long reds = 0, all = 0;
    for (int i = 0; i < g->words; i++) {
        word r = region[i];
        while (r) {
            int b = ctz64(r);
            long c = 64L * i + b;
            reds += (c / g->stride + c % g->stride) % 2 == 0;
            all++;
            r &= r - 1;
        }
    }
    int head_red = (head / g->stride + head % g->stride) % 2 == 0;
    return head_red ? parity_bound(reds, all - reds) : parity_bound(all - reds, reds);
}

/* How many of the four cells next to `cell` are in `a` or are `head`. */
static int next_to(const Grid *g, const word *a, long head, long cell) {
    long steps[4] = {-g->stride, 1, g->stride, -1};
    int n = 0;
    for (int d = 0; d < 4; d++) n += cell + steps[d] == head || has(g, a, cell + steps[d]);
    return n;
}

/* space._beyond: flood `cells` from `start`; 0 as soon as it touches `near`, else 1 with the flood in `seen`. */
static int beyond(const Grid *g, word *seen, const word *cells, const word *start, const word *near, word *front, word *grown) {
    int any = 0;
    for (int i = 0; i < g->words; i++) {
        seen[i] = front[i] = start[i] & cells[i];
        any |= front[i] != 0;
    }
    while (any) {
        for (int i = 0; i < g->words; i++)
            if (front[i] & near[i]) return 0;
        neighbours(g, grown, front);
        any = 0;
        for (int i = 0; i < g->words; i++) {
            front[i] = grown[i] & cells[i] & ~seen[i];
            seen[i] |= front[i];
            any |= front[i] != 0;
        }
    }
    return 1;
}

static void drop_exits(Exit *exits, int count) {
    for (int i = 0; i < count; i++) free(exits[i].beyond);
}

/* space.chamber: the chamber of `head` in `region` into `room`, its confirmed exits into *exits
   (*count of them; the caller frees them).  -1 when out of memory. */
static int chamber(const Grid *g, const word *region, long head, const word *cuts, word *room, Exit **exits, int *count, int *capacity) {
    int W = g->words, status = 0;
    word *tmp = calloc((size_t)W * 11, sizeof(word));
    if (tmp == NULL) return -1;
    word *start = tmp, *open = tmp + W, *near = tmp + 2 * W, *edge = tmp + 3 * W, *joined = tmp + 4 * W, *front = tmp + 5 * W,
         *grown = tmp + 6 * W, *cells = tmp + 7 * W, *head_bit = tmp + 8 * W, *nb = tmp + 9 * W, *cell_bit = tmp + 10 * W;
    put_bit(head_bit, head);
    neighbours(g, nb, head_bit);
    int seeded = 0;
    for (int i = 0; i < W; i++) {
        start[i] = nb[i] & region[i];
        open[i] = region[i] & ~cuts[i];
        seeded |= (start[i] & open[i]) != 0;
    }
    memset(room, 0, sizeof(word) * (size_t)W);
    if (seeded) {
        for (int i = 0; i < W; i++) cells[i] = start[i] & open[i];
        reach(g, room, open, cells, front, grown);
    }
    for (;;) {
        neighbours(g, near, room);
        for (int i = 0; i < W; i++) cells[i] = room[i] | head_bit[i];
        neighbours(g, edge, cells);
        int any_joined = 0;
        for (int i = 0; i < W; i++) {
            edge[i] = edge[i] & region[i] & ~room[i];
            joined[i] = 0;
        }
        *count = 0;
        for (int i = 0; i < W; i++) {
            word e = edge[i];
            while (e) {
                int b = ctz64(e);
                e &= e - 1;
                long cell = 64L * i + b;
                if (next_to(g, room, head, cell) > 1) {  /* a path can pass through it, from the chamber back into it */
                    put_bit(joined, cell);
                    any_joined = 1;
                    continue;
                }
                for (int j = 0; j < W; j++) cells[j] = region[j] & ~room[j];
                cells[cell >> 6] &= ~((word)1 << (cell & 63));
                memset(cell_bit, 0, sizeof(word) * (size_t)W);
                put_bit(cell_bit, cell);
                neighbours(g, nb, cell_bit);
                word *seen = bits_new(g);
                if (seen == NULL) { status = -1; goto done; }
                if (!beyond(g, seen, cells, nb, near, front, grown)) {  /* the cells beyond lead back to the chamber */
                    free(seen);
                    put_bit(joined, cell);
                    any_joined = 1;
                    continue;
                }
                if (*count == *capacity) {
                    int more = *capacity ? 2 * *capacity : 8;
                    Exit *grown_exits = realloc(*exits, sizeof(Exit) * (size_t)more);
                    if (grown_exits == NULL) { free(seen); status = -1; goto done; }
                    *exits = grown_exits;
                    *capacity = more;
                }
                (*exits)[*count].cell = cell;
                (*exits)[(*count)++].beyond = seen;
            }
        }
        if (!any_joined) break;
        drop_exits(*exits, *count);
        *count = 0;
        for (int i = 0; i < W; i++) {
            open[i] |= joined[i];
            cells[i] = room[i] | joined[i];
        }
        reach(g, room, open, cells, front, grown);  /* the chamber grows from where it was */
    }
done:
    if (status < 0) { drop_exits(*exits, *count); *count = 0; }
    free(tmp);
    return status;
}

/* space.cut_at: whether `cell` is a cut candidate of `region`, from its 3x3 ring alone. */
static int cut_at(const Grid *g, const word *region, long cell) {
    long s = g->stride;
    int n = has(g, region, cell - s), e = has(g, region, cell + 1), so = has(g, region, cell + s), w = has(g, region, cell - 1);
    int ne = has(g, region, cell - s + 1), se = has(g, region, cell + s + 1), sw = has(g, region, cell + s - 1);
    int nw = has(g, region, cell - s - 1);
    int runs = (n && !(e && ne)) + (e && !(so && se)) + (so && !(w && sw)) + (w && !(n && nw));
    return has(g, region, cell) && runs >= 2;
}

/* The one cell of `region` next to `head`, or -1 where there are none or several. */
static long only_step(const Grid *g, const word *region, long head) {
    const long steps[4] = {-g->stride, 1, g->stride, -1};
    long found = -1;
    for (int d = 0; d < 4; d++) {
        if (!has(g, region, head + steps[d])) continue;
        if (found >= 0) return -1;
        found = head + steps[d];
    }
    return found;
}

/* space._corridor: the cells a corridor walk steps on from `head` into *cells (1 or 2) and the new head, or -1 where
   the chamber tree must be walked; `region` all reachable from `head`. */
static long corridor(const Grid *g, const word *region, long head, long *cells) {
    long ahead = only_step(g, region, head);
    if (ahead < 0) return -1;
    if (cut_at(g, region, ahead)) return *cells = 1, ahead;
    long after = only_step(g, region, ahead);  /* the head is not in the region: ahead's other way on */
    if (after < 0 || !cut_at(g, region, after)) return -1;
    return *cells = 2, after;
}

static long fillable_in(const Grid *g, const word *region, long head, int connected);

/* The best bound through one piece of the chamber (`empty`: the head itself) and, maybe, one exit;
   `known` holds each exit's bound beyond it once computed (-1 before).  -1 when out of memory. */
static long through_piece(const Grid *g, const word *piece, int empty, long head, Exit *exits, int count, long *known, long best, word *with) {
    long here = region_bound(g, piece, head);
    if (here > best) best = here;
    for (int k = 0; k < count; k++) {
        long cell = exits[k].cell;
        if (next_to(g, piece, empty ? head : NO_CELL, cell) == 0) continue;  /* not next to the piece (or the head itself) */
        bits_copy(g, with, piece);
        put_bit(with, cell);
        long through = region_bound(g, with, head);
        if (through + region_bound(g, exits[k].beyond, cell) > best) {  /* parity alone says it may pay */
            if (known[k] < 0) known[k] = fillable_in(g, exits[k].beyond, cell, 1);  /* all reachable from the exit */
            if (known[k] < 0) return -1;
            if (through + known[k] > best) best = through + known[k];
        }
    }
    return best;
}

/* space._chambers: the chamber tree with parity (`connected`: the region all reachable from the head); -1 when out
   of memory. */
static long fillable_in(const Grid *g, const word *start_region, long head, int connected) {
    int W = g->words, count = 0, capacity = 0;
    long total = 0, result = -1;
    Exit *exits = NULL;
    long *known = NULL;
    word *tmp = calloc((size_t)W * 9, sizeof(word));
    if (tmp == NULL) return -1;
    word *region = tmp, *cuts = tmp + W, *room = tmp + 2 * W, *piece = tmp + 3 * W, *start = tmp + 4 * W, *with = tmp + 5 * W,
         *seed = tmp + 6 * W, *front = tmp + 7 * W, *grown = tmp + 8 * W;
    bits_copy(g, region, start_region);
    for (;;) {
        long cells, next = connected ? corridor(g, region, head, &cells) : -1;
        if (next >= 0) {  /* a corridor: stepped on without a chamber */
            region[next >> 6] &= ~((word)1 << (next & 63));
            if (cells == 2) {
                long ahead = only_step(g, region, head);
                region[ahead >> 6] &= ~((word)1 << (ahead & 63));
            }
            total += cells;
            head = next;
            continue;
        }
        cut_candidates(g, cuts, region);
        if (chamber(g, region, head, cuts, room, &exits, &count, &capacity) < 0) goto done;
        if (!bits_any(g, room) && count == 1) {  /* a corridor cell: walk on without recursion */
            total++;
            bits_copy(g, region, exits[0].beyond);
            head = exits[0].cell;
            drop_exits(exits, count);
            count = 0;
            connected = 1;
            continue;
        }
        break;
    }
    known = malloc(sizeof(long) * (size_t)(count ? count : 1));
    if (known == NULL) goto done;
    for (int k = 0; k < count; k++) known[k] = -1;
    memset(piece, 0, sizeof(word) * (size_t)W);
    long best = through_piece(g, piece, 1, head, exits, count, known, 0, with);  /* the head itself */
    /* space.pieces: each part of the chamber a path can enter from the head */
    memset(seed, 0, sizeof(word) * (size_t)W);
    put_bit(seed, head);
    neighbours(g, start, seed);
    for (int i = 0; i < W; i++) start[i] &= room[i];
    for (int i = 0; i < W && best >= 0; i++) {
        while (start[i] && best >= 0) {
            memset(seed, 0, sizeof(word) * (size_t)W);
            seed[i] = start[i] & -start[i];
            reach(g, piece, room, seed, front, grown);
            for (int j = 0; j < W; j++) start[j] &= ~piece[j];
            best = through_piece(g, piece, 0, head, exits, count, known, best, with);
        }
    }
    if (best < 0) goto done;
    long whole = region_bound(g, region, head);
    result = total + (best < whole ? best : whole);
done:
    drop_exits(exits, count);
    free(exits);
    free(known);
    free(tmp);
    return result;
}

/* space.fillable(region, head, width, height) for `region` in `words` words; -1 when out of memory. */
long fillable_bound(const word *region, int words, int width, long head) {
    Grid g = {words, width + 1, width};
    return fillable_in(&g, region, head, 0);
}
