/* The greedy walk through one's own region (fill.walk), in C: the same steps.

   `g` is a grid with wall rows (WALL, or MINE on the region's cells, the head's cell WALL); the walk walls the cells it
   takes.  At a step with a choice it takes the neighbour that leaves the largest tree-of-blocks bound (block_bound),
   then the one with the fewest free neighbours, the first of N, E, S, W on a tie; a forced step onto a cell that may
   cut the region goes on into the part with the largest parity bound (of two as large, the part holding the highest
   cell, as Python's max of (bound, bits) takes). */

#include <stdlib.h>
#include <string.h>

#include "speedups.h"

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

long walk_grid(unsigned char *g, Py_ssize_t stride, Py_ssize_t cells, const Py_ssize_t *steps, Py_ssize_t cell) {
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
            long best = -1, fewest = 5;
            for (int k = 0; k < n; k++) {
                long bound = block_bound(g, targets[k], MINE, cells, steps);
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
