/* The bound of a share's tree of blocks (split.block_bound): a path from the head enters one block after another
   and never comes back, so it takes at most one chain of blocks; each block, entered at its cut cell, is bounded by
   the parity of its other cells, a chain by their sum, and the share by its best chain. */

#include "speedups.h"

/* Whether `cell` is in the share: marked `side` in `owner`, or where `owner` is NULL, a bit of `bits`. */
static INLINED unsigned in_share(const unsigned char *owner, const word *bits, unsigned char side, Py_ssize_t cell) {
    return owner ? owner[cell] == side : (unsigned)(bits[cell >> 6] >> (cell & 63)) & 1;
}

/* The directions (bit d for steps[d]) from `cell` into the share, found without a branch. */
static INLINED unsigned ways(const unsigned char *owner, const word *bits, unsigned char side, Py_ssize_t cell,
                             const Py_ssize_t *steps) {
    return in_share(owner, bits, side, cell + steps[0]) | in_share(owner, bits, side, cell + steps[1]) << 1 |
           in_share(owner, bits, side, cell + steps[2]) << 2 | in_share(owner, bits, side, cell + steps[3]) << 3;
}

/* The bound of the share (the cells of `owner` marked `side`, or without `owner`, the cells of the padded bitboard
   `bits`) for a path from `head`: one depth-first search with Tarjan's low
   points (an explicit stack, not recursion; each cell's directions left to try as bits); each block, completed when
   the search returns to its entry cell, adds its parity bound to the best chain hanging below its cells. */
static INLINED long blocks(const unsigned char *owner, const word *bits, unsigned char side, Py_ssize_t head, Py_ssize_t cells,
                           const Py_ssize_t *steps) {
    int *num = numbers, *low = scratch, *stack = scratch + cells, *kept = scratch + 2 * cells;
    long *best = best_below;
    unsigned char *left = directions;
    const int base = visits_from(cells);
    int count = base, depth = 0, held = 0;
    num[head] = low[head] = ++count;
    best[head] = 0;
    left[head] = (unsigned char)ways(owner, bits, side, head, steps);
    stack[depth++] = (int)head;
    kept[held++] = (int)head;
    while (depth) {
        int v = stack[depth - 1], w = -1;
        unsigned todo = left[v];
        while (todo) { /* the next unvisited cell from v; the visited ones lower v's low point */
            int t = v + (int)steps[ctz64(todo)];
            todo &= todo - 1;
            if (num[t] <= base) {
                w = t;
                break;
            }
            if (num[t] < low[v]) low[v] = num[t];
        }
        left[v] = (unsigned char)todo;
        if (w >= 0) {
            num[w] = low[w] = ++count;
            best[w] = 0;
            left[w] = (unsigned char)ways(owner, bits, side, w, steps);
            stack[depth++] = w;
            kept[held++] = w;
            continue;
        }
        if (--depth == 0) break;
        int parent = stack[depth - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
        if (low[v] >= num[parent]) { /* a block entered at parent: the cells kept above v */
            int colour = colours[parent], u;
            long same = 0, others = 0, below = 0;
            do {
                u = kept[--held];
                if (colours[u] == colour) same++;
                else others++;
                if (best[u] > below) below = best[u];
            } while (u != v);
            long bound = parity_bound(same, others) + below;
            if (bound > best[parent]) best[parent] = bound;
        }
    }
    stamp = count;
    return best[head];
}

long block_bound(const unsigned char *owner, Py_ssize_t head, unsigned char side, Py_ssize_t cells, const Py_ssize_t *steps) {
    return blocks(owner, NULL, side, head, cells, steps);
}

long share_block_bound(const word *share, Py_ssize_t head, Py_ssize_t cells, const Py_ssize_t *steps) {
    return blocks(NULL, share, 0, head, cells, steps);
}
