/* A line of the search: its grid and its bitboards, the Voronoi flood on them and the split's measures.

   The flood here and fillable.c's differ on purpose: these boards are padded (a shift by a row never reads outside
   them, and the hot loop has no bounds test); fillable.c's words are bounds-checked, off the hot path. */

#include <stdlib.h>
#include <string.h>

#include "speedups.h"

enum { BOARDS = 9 };

/* Word i of board `b` shifted by a row (`q` words and `r` bits) or a column (q 0, r 1) towards higher cells (bit c to
   c + 64 q + r) and towards lower ones.  No branch for r 0 (the word beyond shifted by 1 and 63 more, not by 64, which C
   leaves undefined), so that the flood's loop is vectorised. */
static inline word higher(const word *b, int i, int q, int r) { return b[i - q] << r | (b[i - q - 1] >> 1) >> (63 - r); }
static inline word lower(const word *b, int i, int q, int r) { return b[i + q] >> r | (b[i + q + 1] << 1) << (63 - r); }

/* Word i of the cells next to board `b`'s, a row being `q` words and `r` bits. */
static inline word around(const word *b, int i, int q, int r) {
    return higher(b, i, 0, 1) | lower(b, i, 0, 1) | higher(b, i, q, r) | lower(b, i, q, r);
}

static inline word beside(const Boards *B, const word *b, int i) { return around(b, i, B->q, B->r); }

/* The pairs (a cell of `b`, an open neighbour): one per direction. */
static INLINED long open_edges(const Boards *B, const word *b) {
    long n = 0;
    for (int i = 0; i < B->words; i++)
        if (b[i])
            n += popcount64(b[i] & higher(B->open, i, 0, 1)) + popcount64(b[i] & lower(B->open, i, 0, 1)) +
                 popcount64(b[i] & higher(B->open, i, B->q, B->r)) + popcount64(b[i] & lower(B->open, i, B->q, B->r));
    return n;
}

/* Room for the boards of a grid of `cells` cells and row length `stride`, all empty, `open` its open cells and
   `odd` its cells of colour 1 (colours[] set); -1 out of memory. */
static int boards_new(Boards *B, const unsigned char *walls, Py_ssize_t cells, Py_ssize_t stride) {
    B->words = (int)((cells + 63) / 64);
    B->q = (int)(stride / 64);
    B->r = (int)(stride % 64);
    B->pad = B->q + 2;
    int span = B->words + 2 * B->pad;
    B->block = calloc((size_t)span * BOARDS, sizeof(word));
    if (B->block == NULL) return -1;
    word **boards[BOARDS] = {&B->open, &B->odd, &B->left, &B->mine, &B->theirs, &B->front[0], &B->front[1], &B->next[0], &B->next[1]};
    for (int k = 0; k < BOARDS; k++) *boards[k] = B->block + (size_t)k * span + B->pad;
    for (Py_ssize_t c = 0; c < cells; c++) {
        if (walls[c] == NOBODY) put_bit(B->open, c);
        if (colours[c]) put_bit(B->odd, c);
    }
    return 0;
}

/* A line from a bitboard's little-endian bytes (the heads not in it); -1 out of memory.  reserve() first. */
int line_new(Line *line, const unsigned char *bits, Py_ssize_t nbytes, int width, int height) {
    Py_ssize_t stride = width + 1, cells = stride * height;
    line->memory = malloc((size_t)(cells + 2 * stride));
    if (line->memory == NULL) return -1;
    grid(bits, nbytes, width, height); /* the grid with its wall rows, copied: owner_rows is share_owner()'s to mark */
    memcpy(line->memory, owner_rows, (size_t)(cells + 2 * stride));
    line->walls = line->memory + stride;
    line->stride = stride;
    line->cells = cells;
    line->steps[0] = -stride;
    line->steps[1] = 1;
    line->steps[2] = stride;
    line->steps[3] = -1;
    if (boards_new(&line->boards, line->walls, cells, stride) < 0) {
        free(line->memory);
        return -1;
    }
    return 0;
}

void line_free(Line *line) {
    free(line->memory);
    free(line->boards.block);
}

/* A cell of the line walled (`mark` WALL) or opened again (NOBODY), in its grid and its bitboard. */
void line_wall(Line *line, Py_ssize_t cell, unsigned char mark) {
    line->walls[cell] = mark;
    flip_bit(line->boards.open, cell);
}

/* One layer of the flood over words `from` to `to`: the cells of `left` next to each front (`f0`, `f1`) into its next
   front (`n0`, `n1`) and out of `left`, each into its side's cells (`mine`, `theirs`) where the other's front does not
   reach it too; returns those ties' bits.  Distinct boards (restrict) and no branch: the loop is vectorised where the
   CPU can. */
static INLINED word layer(const word *restrict f0, const word *restrict f1, word *restrict n0, word *restrict n1,
                          word *restrict left, word *restrict mine, word *restrict theirs, int from, int to, int q, int r) {
    word tie = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#endif
    for (int i = from; i <= to; i++) {
        word m = around(f0, i, q, r) & left[i], t = around(f1, i, q, r) & left[i], both = m & t;
        n0[i] = m;
        n1[i] = t;
        left[i] &= ~(m | t);
        mine[i] |= m & ~both;
        theirs[i] |= t & ~both;
        tie |= both;
    }
    return tie;
}

/* One layer of a flood from one side over words `from` to `to`: the cells of `left` next to front `f` into the next
   front `n` and out of `left`.  As layer(), vectorised where the CPU can. */
static INLINED void spread(const word *restrict f, word *restrict n, word *restrict left, int from, int to, int q, int r) {
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#endif
    for (int i = from; i <= to; i++) {
        word m = around(f, i, q, r) & left[i];
        n[i] = m;
        left[i] &= ~m;
    }
}

/* The words a front held in words `lo` to `hi` reaches in one layer (a row and a word either side), in place. */
static INLINED void grown(const Boards *B, int *lo, int *hi) {
    const int reach = B->q + 1;
    *lo = *lo - reach > 0 ? *lo - reach : 0;
    *hi = *hi + reach < B->words - 1 ? *hi + reach : B->words - 1;
}

/* Flood from both heads a layer at a time on the boards: `mine` and `theirs` the cells strictly nearer one head (the
   heads not in them); returns whether a cell was a tie.  The fronts are grown only over the words a row or less from
   their cells, and left empty. */
static INLINED int flood_boards(Boards *B, Py_ssize_t me, Py_ssize_t enemy) {
    const int words = B->words;
    word *left = B->left, *mine = B->mine, *theirs = B->theirs;
    memcpy(left, B->open, sizeof(word) * (size_t)words);
    memset(mine, 0, sizeof(word) * (size_t)words);
    memset(theirs, 0, sizeof(word) * (size_t)words);
    word *front[2] = {B->front[0], B->front[1]}, *next[2] = {B->next[0], B->next[1]};
    put_bit(front[0], me);
    put_bit(front[1], enemy);
    int lo = (int)((me < enemy ? me : enemy) >> 6), hi = (int)((me > enemy ? me : enemy) >> 6);
    word tie = 0;
    while (lo <= hi) {
        const int held_lo = lo, held_hi = hi; /* the words the fronts hold */
        grown(B, &lo, &hi);
        tie |= layer(front[0], front[1], next[0], next[1], left, mine, theirs, lo, hi, B->q, B->r);
        for (int i = held_lo; i <= held_hi; i++) front[0][i] = front[1][i] = 0;
        for (int side = 0; side < 2; side++) {
            word *swap = front[side];
            front[side] = next[side];
            next[side] = swap;
        }
        /* the words the fronts now hold, found from both ends */
        while (lo <= hi && !(front[0][lo] | front[1][lo])) lo++;
        while (hi >= lo && !(front[0][hi] | front[1][hi])) hi--;
    }
    return tie != 0;
}

/* Whether a cell of board `a` is next to one of board `b`. */
static INLINED int side_by_side(const Boards *B, const word *a, const word *b) {
    for (int i = 0; i < B->words; i++)
        if (b[i] && (beside(B, a, i) & b[i])) return 1;
    return 0;
}

/* The chambers field of `side` (0 mine, 1 theirs) in `out`: the bound of its share's tree of blocks, the share the
   last measure_line() left in the line's boards (its head in it). */
void chamber_field(const Line *line, Py_ssize_t head, int side, long out[SPLIT_FIELDS]) {
    const word *share = side ? line->boards.theirs : line->boards.mine;
    out[CHAMBERS + side] = share_block_bound(share, head, line->cells, line->steps);
}

/* owner_rows' grid with the line's cells, each share of the last measure_line() marked MINE or THEIRS (their heads
   too), for the regions apart. */
unsigned char *share_owner(const Line *line) {
    unsigned char *owner = owner_rows + line->stride;
    const Boards *B = &line->boards;
    const word *share[2] = {B->mine, B->theirs};
    memcpy(owner, line->walls, (size_t)line->cells);
    for (int side = 0; side < 2; side++) {
        const unsigned char mark = (unsigned char)(MINE + side);
        for (int i = 0; i < B->words; i++)
            for (word w = share[side][i]; w; w &= w - 1) owner[64 * (Py_ssize_t)i + ctz64(w)] = mark;
    }
    return owner;
}

/* The split's measures of the line with the heads `me` and `enemy` (split.python_counts) into `out`; each share (its
   head in it) is left in the line's boards for the tree of blocks, which is searched for the sides in `sides` (bit 0
   mine, bit 1 theirs) only: another side's chambers field is -1. */
static INLINED void measure(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    Boards *B = (Boards *)&line->boards;
    int touching = flood_boards(B, me, enemy);
    word *share[2] = {B->mine, B->theirs};
    Py_ssize_t heads[2] = {me, enemy};
    long counts[2][2];
    for (int side = 0; side < 2; side++) {
        long all = 0, odd = 0;
        for (int i = 0; i < B->words; i++) {
            all += popcount64(share[side][i]);
            odd += popcount64(share[side][i] & B->odd[i]);
        }
        counts[side][1] = odd;
        counts[side][0] = all - odd;
        put_bit(share[side], heads[side]);
    }
    touching = touching || side_by_side(B, B->mine, B->theirs);
    out[TOUCHING] = touching;
    for (int side = 0; side < 2; side++) {
        int colour = colours[heads[side]];
        long moves = 0;
        for (int d = 0; d < 4; d++) moves += line->walls[heads[side] + line->steps[d]] == NOBODY;
        out[PARITY + side] = parity_bound(counts[side][colour], counts[side][!colour]);
        out[EDGES + side] = open_edges(B, share[side]);
        out[MOVES + side] = moves;
        if (sides >> side & 1) chamber_field(line, heads[side], side, out);
        else out[CHAMBERS + side] = -1;
    }
}

/* Whether a flood from `me` through the line's open cells reaches a cell next to `enemy` (the heads side by side
   aside): a layer at a time on the boards, stopped once it does.  `left` and the first fronts are its scratch; the
   fronts are left empty. */
static INLINED int meets(const Line *line, Py_ssize_t me, Py_ssize_t enemy) {
    Boards *B = (Boards *)&line->boards;
    word *left = B->left, *front = B->front[0], *next = B->next[0];
    memcpy(left, B->open, sizeof(word) * (size_t)B->words);
    put_bit(front, me);
    int lo = (int)(me >> 6), hi = lo, met = 0;
    while (lo <= hi && !met) {
        const int held_lo = lo, held_hi = hi; /* the words the fronts hold */
        grown(B, &lo, &hi);
        spread(front, next, left, lo, hi, B->q, B->r);
        for (int i = held_lo; i <= held_hi; i++) front[i] = 0;
        word *swap = front;
        front = next;
        next = swap;
        for (int d = 0; d < 4; d++) {
            Py_ssize_t c = enemy + line->steps[d];
            met |= (int)(front[c >> 6] >> (c & 63)) & 1;
        }
        while (lo <= hi && !front[lo]) lo++;
        while (hi >= lo && !front[hi]) hi--;
    }
    for (int i = lo; i <= hi; i++) front[i] = 0;
    return met;
}

#ifdef POPCNT_TWICE
/* On x86 built for any CPU, the functions above are compiled three times: for AVX2, for the popcnt instruction, and
   for any CPU; the build the CPU runs is chosen once. */
enum { ANY_CPU, POPCNT, AVX2 };

static int cpu(void) {
    static int build = -1;
    if (build < 0) {
        __builtin_cpu_init();
        build = __builtin_cpu_supports("avx2") ? AVX2 : __builtin_cpu_supports("popcnt") ? POPCNT : ANY_CPU;
    }
    return build;
}

#define AVX2_BUILD __attribute__((target("avx2,popcnt"))) static
#define POPCNT_BUILD __attribute__((target("popcnt"))) static

AVX2_BUILD void measure_avx2(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    measure(line, me, enemy, out, sides);
}
POPCNT_BUILD void measure_popcnt(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    measure(line, me, enemy, out, sides);
}
static void measure_any(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    measure(line, me, enemy, out, sides);
}

void measure_line(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    int build = cpu();
    if (build == AVX2) measure_avx2(line, me, enemy, out, sides);
    else if (build == POPCNT) measure_popcnt(line, me, enemy, out, sides);
    else measure_any(line, me, enemy, out, sides);
}

AVX2_BUILD int meets_avx2(const Line *line, Py_ssize_t me, Py_ssize_t enemy) { return meets(line, me, enemy); }
static int meets_any(const Line *line, Py_ssize_t me, Py_ssize_t enemy) { return meets(line, me, enemy); }

int line_meets(const Line *line, Py_ssize_t me, Py_ssize_t enemy) {
    return cpu() == AVX2 ? meets_avx2(line, me, enemy) : meets_any(line, me, enemy);
}
#else
void measure_line(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    measure(line, me, enemy, out, sides);
}

int line_meets(const Line *line, Py_ssize_t me, Py_ssize_t enemy) { return meets(line, me, enemy); }
#endif
