/* The Voronoi split measured in C: the same numbers as lazytron.split.python_counts, faster.

   split(open, width, height, me, enemy) takes the bitboard of open cells as
   little-endian bytes (the heads' cells not in it, one guard column: stride
   width + 1) and the heads' cell indices.  It floods from both heads a
   layer at a time; a cell first reached by both in one layer is a tie (to
   nobody) and both fronts grow on from it.  A side's share is the cells
   strictly closer to its head, and the head.  It returns

       (touching, my parity, their parity, my chambers, their chambers, my edges, their edges, my moves, their moves,
        my chain's edges, their chain's edges, my battlefront bound, their battlefront bound,
        my battlefront score, their battlefront score)

   touching: 1 when the shares meet (a tie, or two cells side by side);
   parity: the checkerboard bound of the share; chambers: the bound of its
   tree of chambers (lazytron.split.block_bound); edges: pairs (a cell of
   the share; an open neighbour), one per direction; moves: the open cells
   next to a head; chain's edges: the edges of the head and of the best
   chain of chambers only; battlefront bound: the tree of chambers where a chain ending in a
   block next to the enemy's cells counts the steps to it (lazytron.split.front_bounds); battlefront
   score: where that bound is a path to such a block, the path's blocks without the steps (a1k0n's
   score).  Optional: without a compiler, lazytron.split
   computes the same numbers in Python. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { SPLIT_FIELDS = 15 };

/* lazytron.space.fillable of a region of `words` 64-bit words (bit c: cell c), in _fillable.c; -1: out of memory. */
long fillable_bound(const uint64_t *region, int words, int width, long head);
enum { WALL = 255, NOBODY = 0, MINE = 1, THEIRS = 2, TIE = 3, NEW_MINE = 4, NEW_THEIRS = 5 };
static const unsigned char FRESH[2] = {NEW_MINE, NEW_THEIRS}; /* a side's mark on a cell reached in this layer */

/* Buffers kept between calls, grown to the largest grid seen.  owner has a
   wall row above and below the grid (owner_rows), so that a cell's four
   neighbours are always inside it: owner = owner_rows + stride. */
static unsigned char *owner_rows = NULL;
static int *fronts = NULL;               /* four lists: my front, their front, my next, their next */
static int *numbers = NULL;              /* the chamber search's visit numbers: visited when above `stamp` at its start */
static int *scratch = NULL;              /* the chamber search's low points, stack and cells kept */
static long *best_below = NULL;          /* the best chain of blocks below a cell: its bound */
static long *edges_below = NULL;         /* ... and its edges */
static long *fill_below = NULL;          /* the battlefront's: the best chain below a cell that never enters a front block */
static long *front_below = NULL;         /* ... and the best path below it that ends in one: steps from the head and that block */
static long *front_kept = NULL;          /* ... that path's blocks without the steps (a1k0n's battlefront score) */
static int *distance = NULL;             /* a cell's layer in the flood: its distance from the head whose share it is in */
static unsigned char *at_front = NULL;   /* a share's cell is next to a cell the enemy reaches no later */
static unsigned char *degrees = NULL;    /* a share's cell's edges: its open neighbours */
static unsigned char *directions = NULL; /* the next direction to try from a cell */
static unsigned char *colours = NULL;    /* a cell's checkerboard colour: (x + y) & 1 */
static Py_ssize_t capacity = 0;
static int stamp = 0;                    /* the last visit number given */
static int coloured_width = 0, coloured_height = 0; /* the grid whose colours are in colours */

static int grow(void **buffer, size_t bytes) {
    void *b = realloc(*buffer, bytes);
    if (b == NULL) return -1;
    *buffer = b;
    return 0;
}

/* Room for a grid of `cells` cells.  Its stride is at most `cells`, so 3 * cells bytes hold its
   owners with a wall row above and below. */
static int reserve(Py_ssize_t cells) {
    if (cells <= capacity) return 0;
    size_t n = (size_t)cells;
    if (grow((void **)&owner_rows, 3 * n) < 0 || grow((void **)&fronts, sizeof(int) * 4 * n) < 0 ||
        grow((void **)&numbers, sizeof(int) * n) < 0 || grow((void **)&scratch, sizeof(int) * 3 * n) < 0 ||
        grow((void **)&best_below, sizeof(long) * n) < 0 || grow((void **)&edges_below, sizeof(long) * n) < 0 ||
        grow((void **)&fill_below, sizeof(long) * n) < 0 || grow((void **)&front_below, sizeof(long) * n) < 0 ||
        grow((void **)&front_kept, sizeof(long) * n) < 0 ||
        grow((void **)&distance, sizeof(int) * n) < 0 || grow((void **)&at_front, n) < 0 ||
        grow((void **)&degrees, n) < 0 || grow((void **)&directions, n) < 0 ||
        grow((void **)&colours, n) < 0)
        return -1;
    memset(numbers, 0, sizeof(int) * n);
    stamp = 0;
    coloured_width = coloured_height = 0;
    capacity = cells;
    return 0;
}

/* The visit number a search over a grid of `cells` cells counts up from (its cells are visited when their number is
   above it), the numbers started again where up to `cells` more would overflow. */
static int visits_from(Py_ssize_t cells) {
    if (stamp > INT_MAX - (int)cells - 1) {
        memset(numbers, 0, sizeof(int) * (size_t)cells);
        stamp = 0;
    }
    return stamp;
}

/* Most cells a path takes from a cell of one colour: same of that colour, other of the other. */
static long parity_bound(long same, long other) { return 2 * (same < other ? same : other) + (other > same); }

/* Whether a chain of blocks of bound `bound` and `edges` edges beats one of `than` and `than_edges`: the longer, then
   of two as long the one with more edges. */
static inline int better_chain(long bound, long edges, long than, long than_edges) {
    return bound > than || (bound == than && edges > than_edges);
}

/* The bound of the tree of chambers of the share owned by `side`, for a path from `head`
   (lazytron.split.block_bound), each cell's edges read from `degrees`: one depth-first search with Tarjan's low points; each block,
   completed when the search returns to its entry cell, adds its parity bound to the best
   chain hanging below its cells; of two chains with the same bound, the one with more edges
   is kept (lazytron.split.block_chain).  Sets *chain_edges to the best chain's edges and the head's,
   and *front to the battlefront's bound (lazytron.split.front_bounds): a chain that enters a block
   next to the enemy's cells counts the steps to that block's entry, not the blocks on the way;
   *front_score to what a1k0n scores: where such a path is the best, its blocks without the steps.
   Without `battlefront` those two are 0, not computed (the search's measures 0, 5 and 6 do not use them); the
   loop over a block's cells is then a separate one without them (one loop with a test in it took 3.6 to 3.7 s, not 3.3, on center's first position to depth 20). */
static long block_bound(const unsigned char *owner, const unsigned char *degrees, Py_ssize_t head, unsigned char side, Py_ssize_t cells,
                        const Py_ssize_t *steps, long *chain_edges, long *front, long *front_score, const int battlefront) {
    int *num = numbers, *low = scratch, *stack = scratch + cells, *kept = scratch + 2 * cells;
    long *best = best_below, *best_edges = edges_below, *fill = fill_below, *ahead = front_below, *kept_score = front_kept;
    const unsigned char other = (unsigned char)(MINE + THEIRS - side);
    unsigned char *next = directions;
    const int base = visits_from(cells);
    int count = base, depth = 0, held = 0;
    num[head] = low[head] = ++count;
    best[head] = best_edges[head] = fill[head] = 0;
    ahead[head] = kept_score[head] = -1;
    at_front[head] = 0;
    next[head] = 0;
    stack[depth++] = (int)head;
    kept[held++] = (int)head;
    while (depth) {
        int v = stack[depth - 1];
        if (next[v] < 4) {
            Py_ssize_t w = v + steps[next[v]++];
            if (owner[w] != side) { if (battlefront && (owner[w] == other || owner[w] == TIE)) at_front[v] = 1; continue; }
            if (num[w] > base) { if (num[w] < low[v]) low[v] = num[w]; continue; }
            num[w] = low[w] = ++count;
            best[w] = best_edges[w] = 0;
            if (battlefront) {
                fill[w] = 0;
                ahead[w] = kept_score[w] = -1;
                at_front[w] = 0;
            }
            next[w] = 0;
            stack[depth++] = (int)w;
            kept[held++] = (int)w;
            continue;
        }
        if (--depth == 0) break;
        int parent = stack[depth - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
        if (low[v] >= num[parent]) {  /* a block entered at parent: the cells kept above v */
            int colour = colours[parent];
            long same = 0, others = 0, below = 0, below_edges = 0, block_edges = 0, below_fill = 0, below_ahead = -1, below_score = -1;
            int u, fronted = 0;
            if (!battlefront) {  /* the tree of blocks alone (measures 0, 5, 6) */
                do {
                    u = kept[--held];
                    if (colours[u] == colour) same++; else others++;
                    block_edges += degrees[u];
                    if (better_chain(best[u], best_edges[u], below, below_edges)) {
                        below = best[u];
                        below_edges = best_edges[u];
                    }
                } while (u != v);
                long bound = parity_bound(same, others) + below, bound_edges = block_edges + below_edges;
                if (better_chain(bound, bound_edges, best[parent], best_edges[parent])) {
                    best[parent] = bound;
                    best_edges[parent] = bound_edges;
                }
                continue;
            }
            do {
                u = kept[--held];
                if (colours[u] == colour) same++; else others++;
                block_edges += degrees[u];
                fronted |= at_front[u];
                if (fill[u] > below_fill) below_fill = fill[u];
                if (ahead[u] > below_ahead || (ahead[u] == below_ahead && kept_score[u] > below_score)) {
                    below_ahead = ahead[u];
                    below_score = kept_score[u];
                }
                if (better_chain(best[u], best_edges[u], below, below_edges)) {
                    below = best[u];
                    below_edges = best_edges[u];
                }
            } while (u != v);
            long block = parity_bound(same, others), bound = block + below, bound_edges = block_edges + below_edges;
            long path = distance[parent] + block + below_fill;  /* of two paths as long, the one scoring more */
            if (fronted && (path > below_ahead || (path == below_ahead && block + below_fill > below_score))) {
                below_ahead = path;
                below_score = block + below_fill;
            }
            if (!fronted && block + below_fill > fill[parent]) fill[parent] = block + below_fill;
            if (below_ahead > ahead[parent] || (below_ahead == ahead[parent] && below_score > kept_score[parent])) {
                ahead[parent] = below_ahead;
                kept_score[parent] = below_score;
            }
            if (better_chain(bound, bound_edges, best[parent], best_edges[parent])) {
                best[parent] = bound;
                best_edges[parent] = bound_edges;
            }
        }
    }
    stamp = count;
    *chain_edges = best_edges[head] + degrees[head];
    *front = fill[head] > ahead[head] ? fill[head] : ahead[head];
    *front_score = fill[head] > ahead[head] ? fill[head] : kept_score[head];
    return best[head];
}

/* The cells of the grid: WALL, or NOBODY where the bitboard has the cell open. */
static void unpack(unsigned char *owner, const unsigned char *bits, Py_ssize_t nbytes, Py_ssize_t cells) {
    for (Py_ssize_t c = 0; c < cells; c++) {
        Py_ssize_t byte = c >> 3;
        owner[c] = byte < nbytes && (bits[byte] >> (c & 7) & 1) ? NOBODY : WALL;
    }
}

/* The colours of a grid, computed again only when the grid changes. */
static void colour(int width, int height) {
    if (width == coloured_width && height == coloured_height) return;
    for (Py_ssize_t y = 0, c = 0; y < height; y++)
        for (Py_ssize_t x = 0; x <= width; x++, c++) colours[c] = (unsigned char)((x + y) & 1);
    coloured_width = width;
    coloured_height = height;
}

/* The cells of the grid between wall rows: WALL, or NOBODY where the bitboard has the cell open. */
static unsigned char *grid(const unsigned char *bits, Py_ssize_t nbytes, int width, int height) {
    Py_ssize_t stride = width + 1, cells = stride * height;
    unsigned char *owner = owner_rows + stride;
    colour(width, height);
    memset(owner_rows, WALL, (size_t)stride);
    memset(owner + cells, WALL, (size_t)stride);
    unpack(owner, bits, nbytes, cells);  /* the guard column is never open: a row's ends are walls */
    return owner;
}

/* The fields of `out` that the tree of blocks of `side`'s share gives (its chambers, its chain's edges, its
   battlefront's bound and score), `owner` the grid as measure() marked it, `head` that side's head, `degrees` its cells' edges. */
static void chamber_fields(const unsigned char *owner, const unsigned char *degrees, Py_ssize_t stride, Py_ssize_t cells, Py_ssize_t head, int side,
                           long out[SPLIT_FIELDS], const int battlefront) {
    const Py_ssize_t steps[4] = {-stride, 1, stride, -1};
    out[3 + side] = block_bound(owner, degrees, head, (unsigned char)(MINE + side), cells, steps, &out[9 + side], &out[11 + side], &out[13 + side], battlefront);
}

/* The split's measures of the grid `owner` (WALL or NOBODY, the heads' cells WALL), into `out` in the
   order split() returns them (the battlefront's four 0 unless `battlefront`).  The flood marks the grid's open cells. */
static void measure(unsigned char *owner, Py_ssize_t stride, Py_ssize_t cells, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], const int battlefront) {
    const Py_ssize_t steps[4] = {-stride, 1, stride, -1};
    long moves[2] = {0, 0};
    for (int d = 0; d < 4; d++) {
        moves[0] += owner[me + steps[d]] == NOBODY;
        moves[1] += owner[enemy + steps[d]] == NOBODY;
    }
    owner[me] = MINE;
    owner[enemy] = THEIRS;
    /* Flood a layer at a time.  Each cell enters a front once and is measured when the front
       moves on from it: its colour, its edges (open neighbours: neither wall nor head) and,
       for my cells, whether one of theirs is beside it (its layer or the one before: already
       theirs then). */
    long counts[2][2] = {{0, 0}, {0, 0}}, edges[2] = {0, 0};
    int touching = 0;
    int *front[2] = {fronts, fronts + cells}, *next[2] = {fronts + 2 * cells, fronts + 3 * cells};
    Py_ssize_t size[2] = {1, 1};
    front[0][0] = me;
    front[1][0] = enemy;
    distance[me] = distance[enemy] = 0;
    for (int layer = 1; size[0] || size[1]; layer++) {
        Py_ssize_t grown[2] = {0, 0};
        for (int side = 0; side < 2; side++) {
            const unsigned char own = (unsigned char)(MINE + side), fresh = FRESH[side];
            const unsigned char other = (unsigned char)(THEIRS - side);
            for (Py_ssize_t i = 0; i < size[side]; i++) {
                Py_ssize_t c = front[side][i];
                int counted = owner[c] == own;  /* not a tie */
                if (counted && c != me && c != enemy) counts[side][colours[c]]++;
                long before = edges[side];
                for (int d = 0; d < 4; d++) {
                    Py_ssize_t n = c + steps[d];
                    unsigned char o = owner[n];
                    if (o == NOBODY) { owner[n] = fresh; distance[n] = layer; next[side][grown[side]++] = (int)n; }
                    else if (side && o == NEW_MINE) { owner[n] = TIE; touching = 1; next[1][grown[1]++] = (int)n; }
                    if (counted) {
                        edges[side] += o != WALL && n != me && n != enemy;
                        if (o == other) touching = 1;
                    }
                }
                degrees[c] = (unsigned char)(edges[side] - before);
            }
        }
        for (int side = 0; side < 2; side++) {
            for (Py_ssize_t i = 0; i < grown[side]; i++)
                if (owner[next[side][i]] == FRESH[side]) owner[next[side][i]] = (unsigned char)(MINE + side);
            int *swap = front[side]; front[side] = next[side]; next[side] = swap;
            size[side] = grown[side];
        }
    }
    Py_ssize_t heads[2] = {me, enemy};
    out[0] = touching;
    for (int side = 0; side < 2; side++) {
        int colour = colours[heads[side]];
        out[1 + side] = parity_bound(counts[side][colour], counts[side][!colour]);
        out[5 + side] = edges[side];
        out[7 + side] = moves[side];
        chamber_fields(owner, degrees, stride, cells, heads[side], side, out, battlefront);
    }
}

static PyObject *split(PyObject *self, PyObject *args) {
    const unsigned char *bits;
    Py_ssize_t nbytes;
    int width, height, me, enemy;
    if (!PyArg_ParseTuple(args, "y#iiii", &bits, &nbytes, &width, &height, &me, &enemy)) return NULL;
    Py_ssize_t stride = width + 1, cells = stride * height;
    if (width < 1 || height < 1 || me < 0 || enemy < 0 || me >= cells || enemy >= cells || me == enemy) {
        PyErr_SetString(PyExc_ValueError, "split: heads must be two distinct cells of the grid");
        return NULL;
    }
    if (reserve(cells) < 0) return PyErr_NoMemory();
    long out[SPLIT_FIELDS];
    measure(grid(bits, nbytes, width, height), stride, cells, me, enemy, out, 1);
    return Py_BuildValue("(illllllllllllll)", (int)out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8],
                         out[9], out[10], out[11], out[12], out[13], out[14]);
}

/* The arguments (region, width, height, head) of chambers, walk and fillable: a region's little-endian bytes and a
   cell of the grid.  Returns -1 with an error set (naming `name`) unless they parse and the head is a cell. */
typedef struct {
    const unsigned char *bits;
    Py_ssize_t nbytes, stride, cells;
    int width, height, head;
} Region;

static int region_args(PyObject *args, const char *name, Region *r) {
    if (!PyArg_ParseTuple(args, "y#iii", &r->bits, &r->nbytes, &r->width, &r->height, &r->head)) return -1;
    r->stride = (Py_ssize_t)r->width + 1;
    r->cells = r->stride * r->height;
    if (r->width < 1 || r->height < 1 || r->head < 0 || r->head >= r->cells) {
        PyErr_Format(PyExc_ValueError, "%s: the head must be a cell of the grid", name);
        return -1;
    }
    return 0;
}

/* chambers(open, width, height, head): the bound of the tree of chambers of the open cells the head
   reaches (lazytron.split.chamber_bound): block_bound with every open cell the head's. */
static PyObject *chambers(PyObject *self, PyObject *args) {
    Region r;
    if (region_args(args, "chambers", &r) < 0) return NULL;
    if (reserve(r.cells) < 0) return PyErr_NoMemory();
    unsigned char *owner = grid(r.bits, r.nbytes, r.width, r.height);
    owner[r.head] = NOBODY;
    for (Py_ssize_t c = 0; c < r.cells; c++) {
        degrees[c] = 0;
        if (owner[c] == NOBODY) owner[c] = MINE;
    }
    const Py_ssize_t steps[4] = {-r.stride, 1, r.stride, -1};
    long edges, front, front_score;
    return PyLong_FromLong(block_bound(owner, degrees, r.head, MINE, r.cells, steps, &edges, &front, &front_score, 0));
}

/* lazytron.fill.walk in C.  `g` is a grid with wall rows (WALL, or MINE on the region's cells, the head's cell
   WALL); the walk walls the cells it takes.  At a step with a choice it takes the neighbour that leaves the largest
   tree-of-chambers bound (block_bound), then the one with the fewest free neighbours, the first of N, E, S, W on a
   tie; a forced step onto a cell that may cut the region goes on into the part with the largest parity bound (of
   two as large, the part holding the highest cell, as Python's max of (bound, bits) takes). */
static unsigned char *walk_seen = NULL;  /* a flood's marks */
static Py_ssize_t walk_capacity = 0;

static int walk_reserve(Py_ssize_t cells) {
    if (cells <= walk_capacity) return 0;
    if (grow((void **)&walk_seen, (size_t)cells) < 0) return -1;
    walk_capacity = cells;
    return 0;
}

/* Marks in walk_seen (1) the MINE cells of `g` that `start` reaches (start itself whatever it holds); returns how
   many, and the highest and each colour's count through the pointers.  Uses scratch as its stack. */
static Py_ssize_t flood(const unsigned char *g, Py_ssize_t cells, const Py_ssize_t *steps, Py_ssize_t start, Py_ssize_t *highest, long *colour_count) {
    int *stack = scratch;
    Py_ssize_t n = 0, top = 0;
    memset(walk_seen, 0, (size_t)cells);
    walk_seen[start] = 1;
    stack[top++] = (int)start;
    *highest = start;
    colour_count[0] = colour_count[1] = 0;
    while (top) {
        Py_ssize_t v = stack[--top];
        n++;
        colour_count[colours[v]]++;
        if (v > *highest) *highest = v;
        for (int d = 0; d < 4; d++) {
            Py_ssize_t w = v + steps[d];
            if (g[w] == MINE && !walk_seen[w]) { walk_seen[w] = 1; stack[top++] = (int)w; }
        }
    }
    return n;
}

/* lazytron.space.cut_candidates at one cell of the region: its open neighbours fall into two or more runs. */
static int cut_candidate(const unsigned char *g, Py_ssize_t stride, Py_ssize_t c) {
    int n = g[c - stride] == MINE, e = g[c + 1] == MINE, s = g[c + stride] == MINE, w = g[c - 1] == MINE;
    int ne = g[c - stride + 1] == MINE, se = g[c + stride + 1] == MINE, sw = g[c + stride - 1] == MINE, nw = g[c - stride - 1] == MINE;
    int runs = (n && !(e && ne)) + (e && !(s && se)) + (s && !(w && sw)) + (w && !(n && nw));
    return runs >= 2;
}

static long walk_grid(unsigned char *g, Py_ssize_t stride, Py_ssize_t cells, const Py_ssize_t *steps, Py_ssize_t cell);

/* The walk from `cell` where its neighbours lie in pieces it alone joins: the longest of one step into each piece
   and the walk on from there (lazytron.fill.walk's first case); -1 out of memory. */
static long walk_pieces(const unsigned char *g, Py_ssize_t stride, Py_ssize_t cells, const Py_ssize_t *steps, const Py_ssize_t *targets, int n) {
    long best = 0;
    unsigned char *piece = malloc((size_t)(cells + 2 * stride));
    if (piece == NULL) return -1;
    for (int k = 0; k < n; k++) {
        Py_ssize_t highest;
        long counts[2];
        flood(g, cells, steps, targets[k], &highest, counts);
        memset(piece, WALL, (size_t)(cells + 2 * stride));
        unsigned char *p = piece + stride;
        for (Py_ssize_t c = 0; c < cells; c++) if (walk_seen[c] && c != targets[k]) p[c] = MINE;
        long length = walk_grid(p, stride, cells, steps, targets[k]);
        if (length < 0) { free(piece); return -1; }
        if (1 + length > best) best = 1 + length;
    }
    free(piece);
    return best;
}

/* A forced step onto `t` (lazytron.fill.enter): t leaves the region, and where it may cut it, every part but the
   one with the largest parity bound is walled. */
static void enter_cell(unsigned char *g, Py_ssize_t stride, Py_ssize_t cells, const Py_ssize_t *steps, Py_ssize_t t) {
    Py_ssize_t next[4];
    int n = 0;
    for (int d = 0; d < 4; d++) if (g[t + steps[d]] == MINE) next[n++] = t + steps[d];
    int cut = n >= 2 && cut_candidate(g, stride, t);
    g[t] = WALL;
    if (!cut) return;
    long best = -1;
    Py_ssize_t best_high = -1, keep = -1;
    int parts = 0;
    unsigned char grouped[4] = {0, 0, 0, 0};  /* flood each group of t's neighbours once */
    for (int k = 0; k < n; k++) {
        if (grouped[k]) continue;
        Py_ssize_t highest;
        long counts[2];
        flood(g, cells, steps, next[k], &highest, counts);
        for (int j = k; j < n; j++) if (walk_seen[next[j]]) grouped[j] = 1;
        int same = colours[t];
        long bound = parity_bound(counts[same], counts[1 - same]);
        if (bound > best || (bound == best && highest > best_high)) { best = bound; best_high = highest; keep = next[k]; }
        parts++;
    }
    if (parts < 2) return;
    Py_ssize_t highest;
    long counts[2];
    flood(g, cells, steps, keep, &highest, counts);
    for (Py_ssize_t c = 0; c < cells; c++) if (g[c] == MINE && !walk_seen[c]) g[c] = WALL;
}

static long walk_grid(unsigned char *g, Py_ssize_t stride, Py_ssize_t cells, const Py_ssize_t *steps, Py_ssize_t cell) {
    Py_ssize_t targets[4];
    int n = 0;
    for (int d = 0; d < 4; d++) if (g[cell + steps[d]] == MINE) targets[n++] = cell + steps[d];
    if (n >= 2) {
        Py_ssize_t highest;
        long counts[2];
        flood(g, cells, steps, targets[0], &highest, counts);
        for (int k = 1; k < n; k++) if (!walk_seen[targets[k]]) return walk_pieces(g, stride, cells, steps, targets, n);
    }
    long length = 0;
    for (;;) {
        n = 0;
        for (int d = 0; d < 4; d++) if (g[cell + steps[d]] == MINE) targets[n++] = cell + steps[d];
        if (n == 0) return length;
        if (n == 1) {
            enter_cell(g, stride, cells, steps, targets[0]);
            cell = targets[0];
        } else {
            Py_ssize_t choice = targets[0];
            long best = -1, fewest = 5, edges, front, front_score;
            for (int k = 0; k < n; k++) {
                long bound = block_bound(g, degrees, targets[k], MINE, cells, steps, &edges, &front, &front_score, 0);
                long free_next = 0;
                for (int d = 0; d < 4; d++) free_next += g[targets[k] + steps[d]] == MINE;
                if (bound > best || (bound == best && free_next < fewest)) { best = bound; fewest = free_next; choice = targets[k]; }
            }
            g[choice] = WALL;
            cell = choice;
        }
        length++;
    }
}

/* walk(region, width, height, head): lazytron.fill.walk's length in C (region: little-endian bytes, head not in it). */
static PyObject *walk(PyObject *self, PyObject *args) {
    Region r;
    if (region_args(args, "walk", &r) < 0) return NULL;
    if (reserve(r.cells) < 0 || walk_reserve(r.cells) < 0) return PyErr_NoMemory();
    unsigned char *owner = grid(r.bits, r.nbytes, r.width, r.height);
    for (Py_ssize_t c = 0; c < r.cells; c++) {
        degrees[c] = 0;
        owner[c] = owner[c] == NOBODY && c != r.head ? MINE : WALL;
    }
    const Py_ssize_t steps[4] = {-r.stride, 1, r.stride, -1};
    long length = walk_grid(owner, r.stride, r.cells, steps, r.head);
    if (length < 0) return PyErr_NoMemory();
    return PyLong_FromLong(length);
}

/* fillable(region, width, height, head): lazytron.space.fillable of the region (little-endian bytes, the head not in it). */
static PyObject *fillable(PyObject *self, PyObject *args) {
    Region r;
    if (region_args(args, "fillable", &r) < 0) return NULL;
    int words = (int)((r.cells + 63) / 64);
    uint64_t *region = calloc((size_t)words, sizeof(uint64_t));
    if (region == NULL) return PyErr_NoMemory();
    for (Py_ssize_t b = 0; b < r.nbytes && b < 8 * (Py_ssize_t)words; b++) region[b >> 3] |= (uint64_t)r.bits[b] << (8 * (b & 7));
    long bound = fillable_bound(region, words, r.width, r.head);
    free(region);
    if (bound < 0) return PyErr_NoMemory();
    return PyLong_FromLong(bound);
}

/* The last plies of the chambers search (lazytron.engines.chambers_search.value), in C: the same
   alpha-beta over the same positions, scored as lazytron.engines.chambers scores them, without
   making tree nodes.  A line's cells are walled in `walls` as it goes and opened again after. */
typedef long long Score; /* a score of lazytron.outcome's order: beyond 32 bits */

/* The search's bitboards: bit c of a board is cell c of the grid (never a guard column's cell or one beyond the
   grid), in `words` 64-bit words with `pad` zero words before and after them, so that a board shifted by a row
   reads no word outside its block.  A row is `q` words and `r` bits. */
typedef uint64_t word;
typedef struct {
    int words, pad, q, r;
    word *block;                                    /* every board, padded */
    word *open, *odd, *left, *mine, *theirs, *front[2], *next[2];  /* open: the line's open cells; odd: the cells of colour 1 */
} Boards;
enum { BOARDS = 9 };

typedef struct {
    unsigned char *walls;         /* the line's grid: WALL or NOBODY, with a wall row above and below */
    Py_ssize_t stride, cells, steps[4];
    Score weights[9];             /* measure (TERRITORY_CHAMBERS), FILL, EDGE, COLLISION, SEPARATE, AGGRESSION, CLOSE, CLOSE_CELLS, SHORT */
    Score win, limit;             /* lazytron.outcome's WIN and EVAL_LIMIT */
    unsigned char *killers;       /* the killer move of each ply (0: none) */
    Py_ssize_t plies;             /* ... how many plies it holds */
    int apart_by;                 /* players apart scored by: 0 the split's bounds, 1 lazytron.space.fillable in C, 2 calling `apart` */
    PyObject *apart;              /* apart(open bytes, me, enemy) -> the score of players apart (used with apart_by 2 only) */
    PyObject *check;              /* called every CHECK_EVERY positions visited (None: never): raising stops the search */
    long evaluations, visits, next_check;  /* positions scored; positions visited, and when the clock is looked at next */
    int failed;                   /* a Python error is set */
    uint64_t hash;                /* the line's open cells, hashed (each cell's key, see `key`) */
    int root_ply;                 /* the ply of the position searched */
    int reduce;                   /* late moves: plies a move after a node's first is searched shallower first (0: never) */
    int found;                    /* positions two plies below it scored: (my head, the enemy's, score, kind) */
    Score scored[16][4];
    unsigned char *degrees;       /* a cell's open neighbours in `walls`, kept as the line walls cells and opens them */
    Boards boards;                /* the line's open cells as a bitboard, and the split's boards */
} Horizon;

enum { CONNECTED = 0, OVER = 1, APART = 2 }; /* a position's kind: the players can meet, the game is over, they cannot */
enum { CHECK_EVERY = 256 };  /* positions visited between two calls of the search's `check` */

static Score clamp(Score value, Score limit) { return value < -limit ? -limit : value > limit ? limit : value; }

/* My bound less the enemy's, each the lesser of field `at` of the measures `m` and the parity bound. */
static Score bounded(const long *m, int at) {
    return (m[at] < m[1] ? m[at] : m[1]) - (m[at + 1] < m[2] ? m[at + 1] : m[2]);
}

/* lazytron.engines.chambers.distance: steps between two cells, walls aside. */
static Score steps_apart(Py_ssize_t cell, Py_ssize_t other, Py_ssize_t stride) {
    Py_ssize_t rows = cell / stride - other / stride, cols = cell % stride - other % stride;
    return (Score)((rows < 0 ? -rows : rows) + (cols < 0 ? -cols : cols));
}

/* lazytron.engines.chambers.split_value of measures `m`. */
static Score split_value(const long *m, const Score *weights) {
    Score measure = weights[0], fill;
    if (measure == 7) fill = bounded(m, 11);
    else if (measure == 8) fill = bounded(m, 13);
    else if (measure) fill = bounded(m, 3);
    else fill = m[1] - m[2];
    Score edges = measure == 6 ? m[9] - m[10] : m[5] - m[6];
    return weights[1] * fill + weights[2] * edges;
}

/* walk_grid's length from `head` through the cells of `owner` that `side` owns (the head's cell aside); -1 out of memory. */
static long walk_share(const Horizon *h, const unsigned char *owner, unsigned char side, Py_ssize_t head) {
    unsigned char *g = malloc((size_t)(h->cells + 2 * h->stride));
    if (g == NULL) return -1;
    memset(g, WALL, (size_t)(h->cells + 2 * h->stride));
    unsigned char *cells = g + h->stride;
    for (Py_ssize_t c = 0; c < h->cells; c++) if (owner[c] == side && c != head) cells[c] = MINE;
    long length = walk_grid(cells, h->stride, h->cells, h->steps, head);
    free(g);
    return length;
}

/* The score of players apart by lazytron.space.fillable, in C: SEPARATE a fillable cell of mine less the enemy's;
   where the two bounds are within CLOSE cells and neither region holds more than CLOSE_CELLS, less SHORT a cell
   the greedy walk falls short of my bound, plus SHORT a cell it falls short of the enemy's
   (lazytron.engines.chambers.apart_value).  `owner` is the split's grid, each share its player's region. */
static Score apart_filled(Horizon *h, const unsigned char *owner, Py_ssize_t me, Py_ssize_t enemy) {
    int words = (int)((h->cells + 63) / 64);
    uint64_t *regions = calloc(2 * (size_t)words, sizeof(uint64_t));
    if (regions == NULL) { PyErr_NoMemory(); h->failed = 1; return 0; }
    uint64_t *mine = regions, *theirs = regions + words;
    long mine_cells = 0, theirs_cells = 0;
    for (Py_ssize_t c = 0; c < h->cells; c++) {
        if (owner[c] == MINE && c != me) { mine[c >> 6] |= (uint64_t)1 << (c & 63); mine_cells++; }
        else if (owner[c] == THEIRS && c != enemy) { theirs[c >> 6] |= (uint64_t)1 << (c & 63); theirs_cells++; }
    }
    int width = (int)h->stride - 1;
    long mine_fill = fillable_bound(mine, words, width, me), theirs_fill = fillable_bound(theirs, words, width, enemy);
    free(regions);
    if (mine_fill < 0 || theirs_fill < 0) { PyErr_NoMemory(); h->failed = 1; return 0; }
    long gap = mine_fill - theirs_fill, most = mine_cells > theirs_cells ? mine_cells : theirs_cells;
    Score value = h->weights[4] * (Score)gap;
    if (h->weights[6] >= 0 && (gap < 0 ? -gap : gap) <= h->weights[6] && most <= h->weights[7]) {
        long mine_walk = walk_share(h, owner, MINE, me), theirs_walk = walk_share(h, owner, THEIRS, enemy);
        if (mine_walk < 0 || theirs_walk < 0) { PyErr_NoMemory(); h->failed = 1; return 0; }
        long mine_short = mine_fill > mine_walk ? mine_fill - mine_walk : 0, theirs_short = theirs_fill > theirs_walk ? theirs_fill - theirs_walk : 0;
        value -= h->weights[8] * (Score)(mine_short - theirs_short);
        h->next_check = h->visits + 1;  /* two walks can cost hundreds of positions' time: the clock is looked at next */
    }
    return clamp(value, h->limit);
}

/* The score of players apart, from Python: the line's open cells as a bitboard's bytes. */
static Score apart_score(Horizon *h, Py_ssize_t me, Py_ssize_t enemy) {
    Py_ssize_t nbytes = (h->cells + 7) / 8;
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, nbytes);
    if (bytes == NULL) { h->failed = 1; return 0; }
    unsigned char *bits = (unsigned char *)PyBytes_AS_STRING(bytes);
    memset(bits, 0, (size_t)nbytes);
    for (Py_ssize_t c = 0; c < h->cells; c++)
        if (h->walls[c] == NOBODY) bits[c >> 3] |= (unsigned char)(1 << (c & 7));
    PyObject *score = PyObject_CallFunction(h->apart, "Onn", bytes, me, enemy);
    Py_DECREF(bytes);
    if (score == NULL) { h->failed = 1; return 0; }
    Score value = PyLong_AsLongLong(score);
    Py_DECREF(score);
    if (value == -1 && PyErr_Occurred()) h->failed = 1;
    return value;
}

/* The clock, looked at every CHECK_EVERY positions visited: 0 when the search's `check` raised. */
static int on_time(Horizon *h) {
    if (++h->visits < h->next_check || h->check == Py_None) return 1;
    h->next_check += CHECK_EVERY;
    PyObject *ok = PyObject_CallNoArgs(h->check);
    if (ok == NULL) { h->failed = 1; return 0; }
    Py_DECREF(ok);
    return 1;
}

/* Word i of board `b` shifted by a row (`q` words and `r` bits) or a column (q 0, r 1) towards higher cells (bit c to
   c + 64 q + r) and towards lower ones. */
static inline word higher(const word *b, int i, int q, int r) { return r ? b[i - q] << r | b[i - q - 1] >> (64 - r) : b[i - q]; }
static inline word lower(const word *b, int i, int q, int r) { return r ? b[i + q] >> r | b[i + q + 1] << (64 - r) : b[i + q]; }

/* Word i of the cells next to board `b`'s. */
static inline word beside(const Boards *B, const word *b, int i) {
    return higher(b, i, 0, 1) | lower(b, i, 0, 1) | higher(b, i, B->q, B->r) | lower(b, i, B->q, B->r);
}

/* The pairs (a cell of `b`, an open neighbour): one per direction. */
static long open_edges(const Boards *B, const word *b) {
    long n = 0;
    for (int i = 0; i < B->words; i++)
        if (b[i]) n += __builtin_popcountll(b[i] & higher(B->open, i, 0, 1)) + __builtin_popcountll(b[i] & lower(B->open, i, 0, 1)) +
                       __builtin_popcountll(b[i] & higher(B->open, i, B->q, B->r)) + __builtin_popcountll(b[i] & lower(B->open, i, B->q, B->r));
    return n;
}

static inline void put_bit(word *b, Py_ssize_t cell) { b[cell >> 6] |= (word)1 << (cell & 63); }
static inline void flip_bit(word *b, Py_ssize_t cell) { b[cell >> 6] ^= (word)1 << (cell & 63); }

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

/* Flood from both heads a layer at a time on the boards, as measure() floods the grid: `mine` and `theirs` the
   cells strictly nearer one head (the heads not in them); returns whether a cell was a tie.  The fronts are
   grown only over the words a row or less from their cells, and left empty. */
static int flood_boards(Boards *B, Py_ssize_t me, Py_ssize_t enemy) {
    const int words = B->words, reach = B->q + 1;
    word *left = B->left, *mine = B->mine, *theirs = B->theirs;
    memcpy(left, B->open, sizeof(word) * (size_t)words);
    memset(mine, 0, sizeof(word) * (size_t)words);
    memset(theirs, 0, sizeof(word) * (size_t)words);
    word *front[2] = {B->front[0], B->front[1]}, *next[2] = {B->next[0], B->next[1]};
    put_bit(front[0], me);
    put_bit(front[1], enemy);
    int lo = (int)((me < enemy ? me : enemy) >> 6), hi = (int)((me > enemy ? me : enemy) >> 6), tie = 0;
    while (lo <= hi) {
        int from = lo - reach > 0 ? lo - reach : 0, to = hi + reach < words - 1 ? hi + reach : words - 1, grown_lo = words, grown_hi = -1;
        for (int i = from; i <= to; i++) {
            word m = beside(B, front[0], i) & left[i], t = beside(B, front[1], i) & left[i], both = m & t;
            next[0][i] = m;
            next[1][i] = t;
            left[i] &= ~(m | t);
            mine[i] |= m & ~both;
            theirs[i] |= t & ~both;
            tie |= both != 0;
            if (m | t) {
                if (grown_lo == words) grown_lo = i;
                grown_hi = i;
            }
        }
        for (int i = lo; i <= hi; i++) front[0][i] = front[1][i] = 0;
        for (int side = 0; side < 2; side++) {
            word *swap = front[side]; front[side] = next[side]; next[side] = swap;
        }
        lo = grown_lo;
        hi = grown_hi;
    }
    return tie;
}

/* Whether a cell of board `a` is next to one of board `b`. */
static int side_by_side(const Boards *B, const word *a, const word *b) {
    for (int i = 0; i < B->words; i++)
        if (b[i] && (beside(B, a, i) & b[i])) return 1;
    return 0;
}

/* The split's measures without the battlefront's (measure() with battlefront 0), by flooding the line's bitboard:
   the same numbers into `out`; `owner` (the line's grid) gets each share's cells marked for the tree of blocks.  The
   tree of blocks is searched for the sides in `sides` (bit 0 mine, bit 1 theirs) only: the other side's four fields
   are -1, left for chamber_fields. */
static void measure_boards(Horizon *h, unsigned char *owner, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides) {
    Boards *B = &h->boards;
    int touching = flood_boards(B, me, enemy);
    word *share[2] = {B->mine, B->theirs};
    Py_ssize_t heads[2] = {me, enemy};
    long counts[2][2];
    for (int side = 0; side < 2; side++) {
        long all = 0, odd = 0;
        for (int i = 0; i < B->words; i++) {
            all += __builtin_popcountll(share[side][i]);
            odd += __builtin_popcountll(share[side][i] & B->odd[i]);
        }
        counts[side][1] = odd;
        counts[side][0] = all - odd;
        put_bit(share[side], heads[side]);
    }
    touching = touching || side_by_side(B, B->mine, B->theirs);
    for (int side = 0; side < 2; side++) {
        const unsigned char mark = (unsigned char)(MINE + side);
        for (int i = 0; i < B->words; i++)
            for (word w = share[side][i]; w; w &= w - 1) owner[64 * (Py_ssize_t)i + __builtin_ctzll(w)] = mark;
    }
    out[0] = touching;
    for (int side = 0; side < 2; side++) {
        int colour = colours[heads[side]];
        long moves = 0;
        for (int d = 0; d < 4; d++) moves += h->walls[heads[side] + h->steps[d]] == NOBODY;
        out[1 + side] = parity_bound(counts[side][colour], counts[side][!colour]);
        out[5 + side] = open_edges(B, share[side]);
        out[7 + side] = moves;
        if (sides >> side & 1) chamber_fields(owner, h->degrees, h->stride, h->cells, heads[side], side, out, 0);
        else out[3 + side] = out[9 + side] = out[11 + side] = out[13 + side] = -1;
    }
}

/* A side's part of a connected score (measures 5 and 6): FILL its share's bound and EDGE its edges, or where its
   tree of blocks was not searched (`m`'s fields -1), at least as much: its parity bound and every edge of its share. */
static Score side_part(const long *m, const Score *weights, int side) {
    if (m[3 + side] < 0) return weights[1] * m[1 + side] + weights[2] * m[5 + side];
    long fill = m[3 + side] < m[1 + side] ? m[3 + side] : m[1 + side], edges = weights[0] == 6 ? m[9 + side] : m[5 + side];
    return weights[1] * fill + weights[2] * edges;
}

/* The score of a connected position (measures 5 and 6) with the window (alpha, beta), fail-soft: exact inside it;
   where one side's tree of blocks already shows it outside (its part taken at its most: the parity bound, every
   edge), that bound, the other side's tree never searched.  The side searched first is the one a fail low (the
   enemy's) or a fail high (mine) needs, as the parts at their most say the score falls.  `owner` is measure_boards()'s grid. */
static Score connected_value(Horizon *h, const unsigned char *owner, long *m, Py_ssize_t me, Py_ssize_t enemy, Score alpha, Score beta) {
    const Score *w = h->weights, nearer = w[5] ? w[5] * steps_apart(me, enemy, h->stride) : 0;
    Py_ssize_t heads[2] = {me, enemy};
    int first = side_part(m, w, 0) - side_part(m, w, 1) - nearer < beta ? 1 : 0;
    chamber_fields(owner, h->degrees, h->stride, h->cells, heads[first], first, m, 0);
    Score bound = clamp(side_part(m, w, 0) - side_part(m, w, 1) - nearer, h->limit);
    if (first ? bound <= alpha : bound >= beta) return bound;
    chamber_fields(owner, h->degrees, h->stride, h->cells, heads[!first], !first, m, 0);
    return clamp(split_value(m, w) - nearer, h->limit);
}

/* ChamberPosition.evaluate: the score of the position `ply` plies from the root, and its kind.  With `lazy`, a
   connected position's score is only exact inside (alpha, beta): connected_value. */
static Score evaluate(Horizon *h, Py_ssize_t me, Py_ssize_t enemy, int ply, int *kind, int lazy, Score alpha, Score beta) {
    *kind = OVER;
    h->evaluations++;
    if (!on_time(h)) return 0;
    if (me == enemy) return h->weights[3];  /* a head-on collision: a draw, less COLLISION */
    unsigned char *owner = owner_rows + h->stride;
    memcpy(owner, h->walls, (size_t)h->cells);
    long m[SPLIT_FIELDS];
    lazy = lazy && (h->weights[0] == 5 || h->weights[0] == 6);
    if (h->weights[0] == 7 || h->weights[0] == 8) measure(owner, h->stride, h->cells, me, enemy, m, 1);
    else measure_boards(h, owner, me, enemy, m, lazy ? 0 : 3);  /* the battlefront's fields unused: not computed */
    if (!m[7] || !m[8]) return !m[7] && !m[8] ? 0 : !m[7] ? -(h->win - ply) : h->win - ply;
    *kind = m[0] ? CONNECTED : APART;
    if (m[0] && lazy) return connected_value(h, owner, m, me, enemy, alpha, beta);
    if (m[0]) return clamp(split_value(m, h->weights) - (h->weights[5] ? h->weights[5] * steps_apart(me, enemy, h->stride) : 0), h->limit);
    if (h->apart_by == 0) { /* each share is then its player's region: the lesser of its two bounds */
        for (int side = 0; side < 2; side++)
            if (m[3 + side] < 0) chamber_fields(owner, h->degrees, h->stride, h->cells, side ? enemy : me, side, m, 0);
        return clamp(h->weights[4] * bounded(m, 3), h->limit);
    }
    if (h->apart_by == 1) return apart_filled(h, owner, me, enemy);
    return apart_score(h, me, enemy);
}

/* The open cells next to `cell`: how many, their cells and moves (1 North ... 4 West) into `to`, `codes`. */
static int legal(const Horizon *h, Py_ssize_t cell, Py_ssize_t *to, int *codes) {
    int n = 0;
    for (int d = 0; d < 4; d++)
        if (h->walls[cell + h->steps[d]] == NOBODY) { to[n] = cell + h->steps[d]; codes[n++] = d + 1; }
    return n;
}

/* A position's hash key part: `cell` as an open cell (role 0), my head (1), the enemy's (2), or my move's target (3). */
static uint64_t key(Py_ssize_t cell, int role) {
    uint64_t z = (uint64_t)cell * 4 + (uint64_t)role + 0x9e3779b97f4a7c15u;  /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The best move found when a position was last searched in C, by its hash (kept across searches and turns: an
   ordering hint only, so a slot taken by another position costs a worse order, never a wrong value). */
enum { BEST_SLOTS = 1 << 18 };
typedef struct { uint64_t hash; int code; } Best;
static Best *best_moves = NULL;

static Best *best_slot(uint64_t hash) {
    if (best_moves == NULL) best_moves = calloc(BEST_SLOTS, sizeof(Best));
    return best_moves == NULL ? NULL : &best_moves[hash & (BEST_SLOTS - 1)];
}

/* The search's order: the move last found best here, the killer's move, then the others in move order. */
static void order(const Horizon *h, int ply, int n, const int *codes, int *indices, uint64_t hash) {
    Best *slot = best_slot(hash);
    int lead = slot != NULL && slot->hash == hash ? slot->code : 0, killer = ply < h->plies ? h->killers[ply] : 0;
    int k = 0, used[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) if (lead && codes[i] == lead) { indices[k++] = i; used[i] = 1; }
    for (int i = 0; i < n; i++) if (killer && codes[i] == killer && !used[i]) { indices[k++] = i; used[i] = 1; }
    for (int i = 0; i < n; i++) if (!used[i]) indices[k++] = i;
}

/* forget() -> None: the table of best moves emptied (the next searches in C order moves as a fresh tree does). */
static PyObject *forget(PyObject *self, PyObject *unused) {
    if (best_moves != NULL) memset(best_moves, 0, BEST_SLOTS * sizeof(Best));
    Py_RETURN_NONE;
}

static void keep_best(uint64_t hash, int code) {
    Best *slot = best_slot(hash);
    if (slot != NULL) slot->hash = hash, slot->code = code;
}

static void remember(Horizon *h, int ply, int code) { if (ply < h->plies) h->killers[ply] = (unsigned char)code; }

/* chambers_search._below: a forced move costs no depth while the line's free plies last. */
static void below(int moves, int *depth, int *extend) {
    if (moves == 1 && *extend > 0) --*extend; else --*depth;
}

/* Whether a node's later moves are searched `reduce` plies shallower first: deep enough that a line still remains. */
static int late(const Horizon *h, int depth) { return h->reduce > 0 && depth - h->reduce >= 2; }

static Score answer(Horizon *h, Py_ssize_t target, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend);

static Score search_moves(Horizon *h, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend);

/* Whether both players can move and can still meet (the split's `touching`: their heads side by side, or
   the enemy's head beside a cell my flood reaches): such a position inside the line needs no score. */
static int meeting(Horizon *h, Py_ssize_t me, Py_ssize_t enemy) {
    Py_ssize_t to[4];
    int codes[4];
    if (me == enemy || !legal(h, me, to, codes) || !legal(h, enemy, to, codes)) return 0;
    for (int d = 0; d < 4; d++) if (me + h->steps[d] == enemy) return 1;
    const int mark = stamp = visits_from(h->cells) + 1;  /* the visit numbers and fronts of the split's searches */
    int head = 0, tail = 0;
    fronts[tail++] = (int)me;
    numbers[me] = mark;
    while (head < tail) {
        Py_ssize_t c = fronts[head++];
        for (int d = 0; d < 4; d++) {
            Py_ssize_t n = c + h->steps[d];
            if (n == enemy) return 1;
            if (h->walls[n] == NOBODY && numbers[n] != mark) { numbers[n] = mark; fronts[tail++] = (int)n; }
        }
    }
    return 0;
}

/* chambers_search.value of a position never searched: scored only where the search stops there. */
static Score value(Horizon *h, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend) {
    if (depth > 0 && meeting(h, me, enemy)) return on_time(h) ? search_moves(h, me, enemy, ply, depth, alpha, beta, extend) : 0;
    int kind, keep = ply == h->root_ply + 2 && h->found < 16;  /* a kept score is exact */
    Score score = evaluate(h, me, enemy, ply, &kind, depth <= 0 && !keep, alpha, beta);
    if (keep) {  /* kept, so that the tree need not score it again */
        Score *kept = h->scored[h->found++];
        kept[0] = (Score)me, kept[1] = (Score)enemy, kept[2] = score, kept[3] = kind;
    }
    if (h->failed || depth <= 0 || kind != CONNECTED) return score;
    return search_moves(h, me, enemy, ply, depth, alpha, beta, extend);
}

/* The best of my moves in a position that is neither over nor apart, `depth` plies deep. */
static Score search_moves(Horizon *h, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend) {
    Py_ssize_t to[4];
    int codes[4], indices[4], n = legal(h, me, to, codes), chosen = 0;
    uint64_t hash = h->hash ^ key(me, 1) ^ key(enemy, 2);
    below(n, &depth, &extend);
    order(h, ply, n, codes, indices, hash);
    Score best = -(h->win + 1);
    for (int k = 0; k < n; k++) {
        int i = indices[k];
        Score floor = alpha > best ? alpha : best, v;
        if (k && late(h, depth)) {  /* a late move: shown no better, shallower, it is not searched to the full depth */
            v = answer(h, to[i], enemy, ply + 1, depth - h->reduce, floor, floor + 1, extend);
            if (!h->failed && v > floor) v = answer(h, to[i], enemy, ply + 1, depth, floor, beta, extend);
        } else v = answer(h, to[i], enemy, ply + 1, depth, floor, beta, extend);
        if (h->failed) return 0;
        if (v > best) {
            best = v;
            chosen = codes[i];
            remember(h, ply, codes[i]);
            if (v >= beta) break;
        }
    }
    if (chosen) keep_best(hash, chosen);
    return best;
}

/* Two cells of the line walled (`mark` WALL) or opened again (NOBODY): the grid, its bitboard and its neighbours' degrees. */
static void wall(Horizon *h, Py_ssize_t a, Py_ssize_t b, unsigned char mark) {
    const int change = mark == WALL ? -1 : 1;
    Py_ssize_t cells[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        h->walls[cells[k]] = mark;
        flip_bit(h->boards.open, cells[k]);
        for (int d = 0; d < 4; d++) h->degrees[cells[k] + h->steps[d]] += change;
    }
}

/* chambers_search._answer: my move to `target` made, the least of the enemy's answers. */
static Score answer(Horizon *h, Py_ssize_t target, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend) {
    Py_ssize_t to[4];
    int codes[4], indices[4], n = legal(h, enemy, to, codes), chosen = 0;
    uint64_t hash = h->hash ^ key(target, 3) ^ key(enemy, 2);
    below(n, &depth, &extend);
    order(h, ply, n, codes, indices, hash);
    Score best = h->win + 1;
    for (int k = 0; k < n; k++) {
        int i = indices[k];
        Score v, ceiling = beta < best ? beta : best;
        Py_ssize_t cell = to[i];
        if (cell == target) v = value(h, target, cell, ply + 1, depth, alpha, ceiling, extend);
        else {
            wall(h, target, cell, WALL);
            h->hash ^= key(target, 0) ^ key(cell, 0);
            if (k && late(h, depth)) {  /* a late answer, as a late move in search_moves */
                v = value(h, target, cell, ply + 1, depth - h->reduce, ceiling - 1, ceiling, extend);
                if (!h->failed && v < ceiling) v = value(h, target, cell, ply + 1, depth, alpha, ceiling, extend);
            } else v = value(h, target, cell, ply + 1, depth, alpha, ceiling, extend);
            h->hash ^= key(target, 0) ^ key(cell, 0);
            wall(h, target, cell, NOBODY);
        }
        if (h->failed) return 0;
        if (v < best) {
            best = v;
            chosen = codes[i];
            remember(h, ply, codes[i]);
            if (v <= alpha) break;
        }
    }
    if (chosen) keep_best(hash, chosen);
    return best;
}

/* horizon(open, width, height, me, enemy, ply, depth, alpha, beta, extend, weights, win, limit, killers, apart_by, apart, evaluated[, check[, reduce]])
   -> (value, evaluations, scored, score, kind): chambers_search.value of a position (open cells, heads not in
   them) that, if `evaluated`, was scored and is neither over nor apart; if not, it is scored here first (its
   score and kind returned: the search's value is its score where it is over or apart); its moves searched in C; `killers` (a bytearray by ply) is
   read and written as the Python search does; players apart are scored as `apart_by` says (0 the split's
   bounds, 1 lazytron.space.fillable in C, 2 apart(open bytes, me, enemy)); scored: (my head, the enemy's head, score, kind) of the
   positions two plies below that were scored (kind 0 connected, 1 over, 2 apart).  `check` (None: never) is called
   every CHECK_EVERY positions visited: an exception it raises (the deadline's) ends the search and is raised.  `reduce`
   (0, the default: never) is chambers_search.REDUCE: a node's moves after its first are searched that many plies
   shallower with a null window first, and to the full depth only where that shows them better. */
static PyObject *horizon(PyObject *self, PyObject *args) {
    const unsigned char *bits;
    Py_ssize_t nbytes;
    int width, height, me, enemy, ply, depth, extend, evaluated;
    Score alpha, beta;
    Horizon h;
    h.check = Py_None;
    h.reduce = 0;
    Py_buffer killers;
    if (!PyArg_ParseTuple(args, "y#iiiiiiLLi(LLLLLLLLL)LLw*iOp|Oi", &bits, &nbytes, &width, &height, &me, &enemy, &ply, &depth, &alpha, &beta,
                          &extend, &h.weights[0], &h.weights[1], &h.weights[2], &h.weights[3], &h.weights[4], &h.weights[5], &h.weights[6], &h.weights[7], &h.weights[8], &h.win, &h.limit, &killers,
                          &h.apart_by, &h.apart, &evaluated, &h.check, &h.reduce))
        return NULL;
    Py_ssize_t stride = width + 1, cells = stride * height;
    if (width < 1 || height < 1 || me < 0 || enemy < 0 || me >= cells || enemy >= cells || ply < 0) {
        PyBuffer_Release(&killers);
        PyErr_SetString(PyExc_ValueError, "horizon: heads must be cells of the grid");
        return NULL;
    }
    unsigned char *walls = reserve(cells) < 0 || walk_reserve(cells) < 0 ? NULL : malloc(2 * (size_t)(cells + 2 * stride));
    if (walls == NULL) {
        PyBuffer_Release(&killers);
        return PyErr_NoMemory();
    }
    grid(bits, nbytes, width, height);  /* the grid with its wall rows, copied: owner is the split's to mark */
    memcpy(walls, owner_rows, (size_t)(cells + 2 * stride));
    h.walls = walls + stride;
    h.stride = stride;
    h.cells = cells;
    h.steps[0] = -stride; h.steps[1] = 1; h.steps[2] = stride; h.steps[3] = -1;
    h.degrees = walls + (cells + 2 * stride) + stride;
    memset(h.degrees - stride, 0, (size_t)(cells + 2 * stride));
    for (Py_ssize_t c = 0; c < cells; c++)
        for (int d = 0; d < 4; d++) h.degrees[c] += h.walls[c + h.steps[d]] == NOBODY;
    if (boards_new(&h.boards, h.walls, cells, stride) < 0) {
        free(walls);
        PyBuffer_Release(&killers);
        return PyErr_NoMemory();
    }
    h.killers = killers.buf;
    h.plies = killers.len;
    h.evaluations = h.visits = 0;
    h.next_check = CHECK_EVERY;
    h.failed = 0;
    h.root_ply = ply;
    h.found = 0;
    h.hash = 0;
    for (Py_ssize_t c = 0; c < cells; c++) if (h.walls[c] == NOBODY) h.hash ^= key(c, 0);
    Score v, score = 0;
    int kind = CONNECTED;
    if (!evaluated) score = evaluate(&h, me, enemy, ply, &kind, 0, 0, 0);
    v = h.failed || kind != CONNECTED ? score : search_moves(&h, me, enemy, ply, depth, alpha, beta, extend);
    free(walls);
    free(h.boards.block);
    PyBuffer_Release(&killers);
    if (h.failed) return NULL;
    PyObject *scored = PyTuple_New(h.found);
    if (scored == NULL) return NULL;
    for (int i = 0; i < h.found; i++) {
        PyObject *item = Py_BuildValue("(LLLi)", h.scored[i][0], h.scored[i][1], h.scored[i][2], (int)h.scored[i][3]);
        if (item == NULL) { Py_DECREF(scored); return NULL; }
        PyTuple_SET_ITEM(scored, i, item);
    }
    return Py_BuildValue("(LlNLi)", v, h.evaluations, scored, score, kind);
}

static PyMethodDef methods[] = {
    {"split", split, METH_VARARGS, "split(open, width, height, me, enemy) -> the Voronoi split's measures"},
    {"horizon", horizon, METH_VARARGS, "horizon(open, width, height, me, enemy, ply, depth, alpha, beta, extend, weights, win, limit, killers, apart_by, apart, evaluated[, check[, reduce]]) -> (value, evaluations, scored, score, kind)"},
    {"forget", forget, METH_NOARGS, "forget() -> None: the table of best moves the search in C keeps, emptied"},
    {"fillable", fillable, METH_VARARGS, "fillable(region, width, height, head) -> lazytron.space.fillable's bound of the region"},
    {"walk", walk, METH_VARARGS, "walk(region, width, height, head) -> the length of lazytron.fill.walk's greedy walk"},
    {"chambers", chambers, METH_VARARGS, "chambers(open, width, height, head) -> the bound of the head's tree of chambers"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_split", "The Voronoi split's measures and the chambers search's last plies, in C.", -1, methods};

PyMODINIT_FUNC PyInit__split(void) { return PyModule_Create(&module); }
