/* Scratch buffers reused by every call, the grid from a bitboard's bytes, and the cells' colours. */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "speedups.h"

unsigned char *owner_rows = NULL; /* a grid with a wall row above and below: owner = owner_rows + stride */
unsigned char *colours = NULL;    /* a cell's checkerboard colour: (x + y) & 1 */
unsigned char *directions = NULL; /* the tree of blocks' search: the next direction to try from a cell */
unsigned char *walk_seen = NULL;  /* the walk's flood marks */
int *numbers = NULL;              /* visit numbers: a cell is visited when its number is above `stamp` at the start */
int *scratch = NULL;              /* the tree of blocks' low points, stack and cells kept; the walk's flood stack */
long *best_below = NULL;          /* the best chain of blocks below a cell: its bound */
int stamp = 0;                    /* the last visit number given */
static Py_ssize_t capacity = 0;
static int coloured_width = 0, coloured_height = 0; /* the grid whose colours are in `colours` */

static int grow(void **buffer, size_t bytes) {
    void *b = realloc(*buffer, bytes);
    if (b == NULL) return -1;
    *buffer = b;
    return 0;
}

/* Room for a grid of `cells` cells; -1 out of memory.  Its stride is at most `cells`, so 3 * cells bytes hold a grid
   with a wall row above and below. */
int reserve(Py_ssize_t cells) {
    if (cells <= capacity) return 0;
    size_t n = (size_t)cells;
    if (grow((void **)&owner_rows, 3 * n) < 0 || grow((void **)&colours, n) < 0 || grow((void **)&directions, n) < 0 ||
        grow((void **)&walk_seen, n) < 0 || grow((void **)&numbers, sizeof(int) * n) < 0 ||
        grow((void **)&scratch, sizeof(int) * 3 * n) < 0 ||
        grow((void **)&best_below, sizeof(long) * n) < 0)
        return -1;
    memset(numbers, 0, sizeof(int) * n);
    stamp = 0;
    coloured_width = coloured_height = 0;
    capacity = cells;
    return 0;
}

/* The visit number a search over a grid of `cells` cells counts up from (its cells are visited when their number is
   above it), the numbers started again where up to `cells` more would overflow. */
int visits_from(Py_ssize_t cells) {
    if (stamp > INT_MAX - (int)cells - 1) {
        memset(numbers, 0, sizeof(int) * (size_t)cells);
        stamp = 0;
    }
    return stamp;
}

/* The colours of a grid, computed again only when the grid changes. */
static void colour(int width, int height) {
    if (width == coloured_width && height == coloured_height) return;
    for (Py_ssize_t y = 0, c = 0; y < height; y++)
        for (Py_ssize_t x = 0; x <= width; x++, c++) colours[c] = (unsigned char)((x + y) & 1);
    coloured_width = width;
    coloured_height = height;
}

/* The grid of a bitboard's little-endian bytes in owner_rows (reserve() first): WALL, or NOBODY where the bitboard
   has the cell open; its colours set.  Returns owner, the grid's first cell. */
unsigned char *grid(const unsigned char *bits, Py_ssize_t nbytes, int width, int height) {
    Py_ssize_t stride = width + 1, cells = stride * height;
    unsigned char *owner = owner_rows + stride;
    colour(width, height);
    memset(owner_rows, WALL, (size_t)stride);
    memset(owner + cells, WALL, (size_t)stride);
    for (Py_ssize_t c = 0; c < cells; c++) { /* the guard column is never open: a row's ends are walls */
        Py_ssize_t byte = c >> 3;
        owner[c] = byte < nbytes && (bits[byte] >> (c & 7) & 1) ? NOBODY : WALL;
    }
    return owner;
}
