/* The module lazytron.engines.chambers._speedups: the split's measures, the tree of blocks' bound, the greedy walk and
   the tree of chambers' bound of a region, and the Horizon type (the search's last plies).  Only _native.py imports
   it; _speedups.pyi types it; each function is the Python function it names, with the same numbers. */

#include <stdlib.h>
#include <string.h>

#include "speedups.h"

/* The arguments (bits, width, height, head...) of the module's functions: a bitboard's little-endian bytes (one guard
   column) and cells of the grid. */
typedef struct {
    const unsigned char *bits;
    Py_ssize_t nbytes, stride, cells;
    int width, height, head, enemy;
} Region;

/* Returns -1 with an error set (naming `name`) unless the grid is one and the heads are cells of it. */
static int checked(Region *r, const char *name, int heads) {
    r->stride = (Py_ssize_t)r->width + 1;
    r->cells = r->stride * r->height;
    if (r->width < 1 || r->height < 1 || r->cells > (1 << 28) || r->head < 0 || r->head >= r->cells ||
        (heads == 2 && (r->enemy < 0 || r->enemy >= r->cells || r->enemy == r->head))) {
        PyErr_Format(PyExc_ValueError, "%s: the grid must be 1x1 or more and the heads distinct cells of it", name);
        return -1;
    }
    if (reserve(r->cells) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int region_args(PyObject *args, const char *name, Region *r) {
    if (!PyArg_ParseTuple(args, "y#iii", &r->bits, &r->nbytes, &r->width, &r->height, &r->head)) return -1;
    return checked(r, name, 1);
}

/* split(open, width, height, me, enemy) -> split.Counts' nine fields (split.python_counts). */
static PyObject *split(PyObject *self, PyObject *args) {
    Region r;
    if (!PyArg_ParseTuple(args, "y#iiii", &r.bits, &r.nbytes, &r.width, &r.height, &r.head, &r.enemy) || checked(&r, "split", 2) < 0)
        return NULL;
    Line line;
    if (line_new(&line, r.bits, r.nbytes, r.width, r.height) < 0) return PyErr_NoMemory();
    if (line.walls[r.head] == NOBODY) line_wall(&line, r.head, WALL); /* the heads are never open */
    if (line.walls[r.enemy] == NOBODY) line_wall(&line, r.enemy, WALL);
    long m[SPLIT_FIELDS];
    measure_line(&line, r.head, r.enemy, m, 3);
    line_free(&line);
    return Py_BuildValue("(Nllllllll)", PyBool_FromLong(m[TOUCHING]), m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]);
}

/* chambers(region, width, height, head) -> split.chamber_bound: block_bound with every open cell the head's. */
static PyObject *chambers(PyObject *self, PyObject *args) {
    Region r;
    if (region_args(args, "chambers", &r) < 0) return NULL;
    unsigned char *owner = grid(r.bits, r.nbytes, r.width, r.height);
    owner[r.head] = NOBODY;
    for (Py_ssize_t c = 0; c < r.cells; c++)
        if (owner[c] == NOBODY) owner[c] = MINE;
    const Py_ssize_t steps[4] = {-r.stride, 1, r.stride, -1};
    return PyLong_FromLong(block_bound(owner, r.head, MINE, r.cells, steps));
}

/* walk(region, width, height, head) -> the length of fill.walk's greedy walk (the head not in the region). */
static PyObject *walk(PyObject *self, PyObject *args) {
    Region r;
    if (region_args(args, "walk", &r) < 0) return NULL;
    unsigned char *owner = grid(r.bits, r.nbytes, r.width, r.height);
    for (Py_ssize_t c = 0; c < r.cells; c++) owner[c] = owner[c] == NOBODY && c != r.head ? MINE : WALL;
    const Py_ssize_t steps[4] = {-r.stride, 1, r.stride, -1};
    long length = walk_grid(owner, r.stride, r.cells, steps, r.head);
    if (length < 0) return PyErr_NoMemory();
    return PyLong_FromLong(length);
}

/* fillable(region, width, height, head) -> space.fillable's bound of the region (the head not in it). */
static PyObject *fillable(PyObject *self, PyObject *args) {
    Region r;
    if (region_args(args, "fillable", &r) < 0) return NULL;
    int words = (int)((r.cells + 63) / 64);
    word *region = calloc((size_t)words, sizeof(word));
    if (region == NULL) return PyErr_NoMemory();
    for (Py_ssize_t b = 0; b < r.nbytes && b < 8 * (Py_ssize_t)words; b++) region[b >> 3] |= (word)r.bits[b] << (8 * (b & 7));
    long bound = fillable_bound(region, words, r.width, r.head);
    free(region);
    if (bound < 0) return PyErr_NoMemory();
    return PyLong_FromLong(bound);
}

static PyMethodDef methods[] = {
    {"split", split, METH_VARARGS, "split(open, width, height, me, enemy) -> the Voronoi split's measures"},
    {"chambers", chambers, METH_VARARGS, "chambers(region, width, height, head) -> the bound of the head's tree of chambers"},
    {"walk", walk, METH_VARARGS, "walk(region, width, height, head) -> the length of the greedy walk"},
    {"fillable", fillable, METH_VARARGS, "fillable(region, width, height, head) -> space.fillable's bound of the region"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_speedups", "The chambers engine's measures and last plies, in C.", -1, methods};

PyMODINIT_FUNC PyInit__speedups(void) {
    if (PyType_Ready(&HorizonType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "FILLABLE_CELLS", FILLABLE_CELLS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&HorizonType);
    if (PyModule_AddObject(m, "Horizon", (PyObject *)&HorizonType) < 0) {
        Py_DECREF(&HorizonType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
