/* The Voronoi split measured in C: the same numbers as lazytron.split.python_counts, faster.

   split(open, width, height, me, enemy) takes the bitboard of open cells as
   little-endian bytes (the heads' cells not in it, one guard column: stride
   width + 1) and the heads' cell indices.  It floods from both heads a
   layer at a time; a cell first reached by both in one layer is a tie (to
   nobody) and both fronts grow on from it.  A side's share is the cells
   strictly closer to its head, and the head.  It returns

       (touching, my parity, their parity, my chambers, their chambers, my edges, their edges, my moves, their moves)

   touching: 1 when the shares meet (a tie, or two cells side by side);
   parity: the checkerboard bound of the share; chambers: the bound of its
   tree of chambers (lazytron.split.block_bound); edges: pairs (a cell of
   the share; an open neighbour), one per direction; moves: the open cells
   next to a head.  Optional: without a compiler, lazytron.split computes
   the same numbers in Python. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

enum { WALL = 255, NOBODY = 0, MINE = 1, THEIRS = 2, TIE = 3, NEW_MINE = 4, NEW_THEIRS = 5 };

static unsigned char *owner = NULL;
static int *fronts = NULL; /* four lists: my front, their front, my next, their next */
static int *scratch = NULL;           /* the chamber search's: numbers, low points, the search's stack, cells kept */
static long *best_below = NULL;       /* the best chain of blocks below a cell */
static unsigned char *directions = NULL; /* the next direction to try from a cell */
static unsigned char *colours = NULL;    /* a cell's checkerboard colour: (x + y) & 1 */
static Py_ssize_t capacity = 0;
static int coloured_width = 0, coloured_height = 0; /* the grid whose colours are in colours */

static int reserve(Py_ssize_t cells) {
    if (cells <= capacity) return 0;
    unsigned char *o = realloc(owner, (size_t)cells);
    if (o == NULL) return -1;
    owner = o;
    int *f = realloc(fronts, sizeof(int) * 4 * (size_t)cells);
    if (f == NULL) return -1;
    fronts = f;
    int *sc = realloc(scratch, sizeof(int) * 4 * (size_t)cells);
    if (sc == NULL) return -1;
    scratch = sc;
    long *b = realloc(best_below, sizeof(long) * (size_t)cells);
    if (b == NULL) return -1;
    best_below = b;
    unsigned char *d = realloc(directions, (size_t)cells);
    if (d == NULL) return -1;
    directions = d;
    unsigned char *k = realloc(colours, (size_t)cells);
    if (k == NULL) return -1;
    colours = k;
    coloured_width = coloured_height = 0;
    capacity = cells;
    return 0;
}

static int is_open(const unsigned char *bits, Py_ssize_t nbytes, Py_ssize_t cell) {
    Py_ssize_t byte = cell >> 3;
    return byte < nbytes && (bits[byte] >> (cell & 7) & 1);
}

static int colour_of(Py_ssize_t cell) { return colours[cell]; }

/* Most cells a path takes from a cell of one colour: same of that colour, other of the other. */
static long parity_bound(long same, long other) { return 2 * (same < other ? same : other) + (other > same); }

/* The bound of the tree of chambers of the share owned by `side`, for a path from `head`
   (lazytron.split.block_bound): one depth-first search with Tarjan's low points; each block,
   completed when the search returns to its entry cell, adds its parity bound to the best
   chain hanging below its cells. */
static long block_bound(Py_ssize_t head, unsigned char side, Py_ssize_t cells, const Py_ssize_t *steps) {
    int *num = scratch, *low = scratch + cells, *stack = scratch + 2 * cells, *kept = scratch + 3 * cells;
    long *best = best_below;
    unsigned char *next = directions;
    for (Py_ssize_t c = 0; c < cells; c++) num[c] = 0;
    int count = 0, depth = 0, held = 0;
    num[head] = low[head] = ++count;
    best[head] = 0;
    next[head] = 0;
    stack[depth++] = (int)head;
    kept[held++] = (int)head;
    while (depth) {
        int v = stack[depth - 1];
        if (next[v] < 4) {
            Py_ssize_t w = v + steps[next[v]++];
            if (w < 0 || w >= cells || owner[w] != side) continue;
            if (num[w]) { if (num[w] < low[v]) low[v] = num[w]; continue; }
            num[w] = low[w] = ++count;
            best[w] = 0;
            next[w] = 0;
            stack[depth++] = (int)w;
            kept[held++] = (int)w;
            continue;
        }
        if (--depth == 0) break;
        int parent = stack[depth - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
        if (low[v] >= num[parent]) {  /* a block entered at parent: the cells kept above v */
            int colour = colour_of(parent);
            long same = 0, other = 0, below = 0;
            int u;
            do {
                u = kept[--held];
                if (colour_of(u) == colour) same++; else other++;
                if (best[u] > below) below = best[u];
            } while (u != v);
            long bound = parity_bound(same, other) + below;
            if (bound > best[parent]) best[parent] = bound;
        }
    }
    return best[head];
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
    if (width != coloured_width || height != coloured_height) {  /* the colours of a new grid */
        for (Py_ssize_t y = 0, c = 0; y < height; y++)
            for (Py_ssize_t x = 0; x <= width; x++, c++) colours[c] = (unsigned char)((x + y) & 1);
        coloured_width = width;
        coloured_height = height;
    }
    memset(owner, WALL, (size_t)cells);
    for (Py_ssize_t byte = 0; byte < nbytes && byte * 8 < cells; byte++)
        for (unsigned int b = bits[byte], c = (unsigned int)byte * 8; b; b >>= 1, c++)
            if (b & 1 && c < cells) owner[c] = NOBODY;
    owner[me] = MINE;
    owner[enemy] = THEIRS;
    int *mine = fronts, *theirs = fronts + cells, *next_mine = fronts + 2 * cells, *next_theirs = fronts + 3 * cells;
    Py_ssize_t n_mine = 1, n_theirs = 1, steps[4] = {-stride, 1, stride, -1};
    mine[0] = me;
    theirs[0] = enemy;
    while (n_mine || n_theirs) {
        Py_ssize_t m = 0, t = 0;
        for (Py_ssize_t i = 0; i < n_mine; i++)
            for (int d = 0; d < 4; d++) {
                Py_ssize_t c = mine[i] + steps[d];
                if (c >= 0 && c < cells && owner[c] == NOBODY) { owner[c] = NEW_MINE; next_mine[m++] = (int)c; }
            }
        for (Py_ssize_t i = 0; i < n_theirs; i++)
            for (int d = 0; d < 4; d++) {
                Py_ssize_t c = theirs[i] + steps[d];
                if (c < 0 || c >= cells) continue;
                if (owner[c] == NOBODY) { owner[c] = NEW_THEIRS; next_theirs[t++] = (int)c; }
                else if (owner[c] == NEW_MINE) { owner[c] = TIE; next_theirs[t++] = (int)c; }
            }
        for (Py_ssize_t i = 0; i < m; i++) if (owner[next_mine[i]] == NEW_MINE) owner[next_mine[i]] = MINE;
        for (Py_ssize_t i = 0; i < t; i++) if (owner[next_theirs[i]] == NEW_THEIRS) owner[next_theirs[i]] = THEIRS;
        int *swap = mine; mine = next_mine; next_mine = swap;
        swap = theirs; theirs = next_theirs; next_theirs = swap;
        n_mine = m;
        n_theirs = t;
    }
    long counts[2][2] = {{0, 0}, {0, 0}}, edges[2] = {0, 0};
    int touching = 0;
    for (Py_ssize_t y = 0, c = 0; y < height; y++, c++)  /* c++: the guard column */
        for (Py_ssize_t x = 0; x < width; x++, c++) {
            unsigned char o = owner[c];
            if (o == TIE) touching = 1;
            if (o != MINE && o != THEIRS) continue;
            int side = o - MINE;
            if (c != me && c != enemy) counts[side][(x + y) & 1]++;
            for (int d = 0; d < 4; d++) {
                Py_ssize_t n = c + steps[d];
                if (n < 0 || n >= cells) continue;
                if (is_open(bits, nbytes, n)) edges[side]++;
                if (owner[n] == THEIRS - side) touching = 1;
            }
        }
    long parity[2], chambers[2];
    Py_ssize_t heads[2] = {me, enemy};
    for (int side = 0; side < 2; side++) {
        int colour = colour_of(heads[side]);
        parity[side] = parity_bound(counts[side][colour], counts[side][!colour]);
        chambers[side] = block_bound(heads[side], (unsigned char)(MINE + side), cells, steps);
    }
    long moves[2] = {0, 0};
    for (int side = 0; side < 2; side++)
        for (int d = 0; d < 4; d++) {
            Py_ssize_t n = heads[side] + steps[d];
            if (n >= 0 && n < cells && is_open(bits, nbytes, n)) moves[side]++;
        }
    return Py_BuildValue("(illllllll)", touching, parity[0], parity[1], chambers[0], chambers[1], edges[0], edges[1], moves[0], moves[1]);
}

static PyMethodDef methods[] = {
    {"split", split, METH_VARARGS, "split(open, width, height, me, enemy) -> the Voronoi split's measures"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_split", "The Voronoi split's measures, in C.", -1, methods};

PyMODINIT_FUNC PyInit__split(void) { return PyModule_Create(&module); }
