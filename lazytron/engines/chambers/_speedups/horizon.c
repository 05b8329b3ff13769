/* The Python type Horizon: the search's last plies for one tree (search.horizon_value calls it). */

#include <stdlib.h>
#include <string.h>

#include "speedups.h"
#include <structmember.h>

/* One field of the settings object as a whole number; -1 with an error set where it is not one. */
static int knob(PyObject *settings, const char *name, Score *into) {
    PyObject *value = PyObject_GetAttrString(settings, name);
    if (value == NULL) return -1;
    *into = PyLong_AsLongLong(value);
    Py_DECREF(value);
    return *into == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The fields of settings.Settings the search reads. */
static int read_knobs(PyObject *settings, Knobs *k) {
    Score reduce, scout, memo;
    if (knob(settings, "fill", &k->fill) < 0 || knob(settings, "edge", &k->edge) < 0 || knob(settings, "separate", &k->separate) < 0 ||
        knob(settings, "collision", &k->collision) < 0 || knob(settings, "aggression", &k->aggression) < 0 || knob(settings, "spread", &k->spread) < 0 ||
        knob(settings, "squash", &k->squash) < 0 ||
        knob(settings, "close", &k->close) < 0 || knob(settings, "close_cells", &k->close_cells) < 0 ||
        knob(settings, "short", &k->shortfall) < 0 ||
        knob(settings, "walk_ahead", &k->walk_ahead) < 0 || knob(settings, "reduce", &reduce) < 0 ||
        knob(settings, "scout", &scout) < 0 || knob(settings, "memo", &memo) < 0)
        return -1;
    k->reduce = (int)reduce;
    k->scout = (int)scout;
    k->memo = (int)memo;
    return 0;
}

/* Horizon(width, height, settings, killers, win, limit) */
static int horizon_init(Horizon *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"width", "height", "settings", "killers", "win", "limit", NULL};
    PyObject *settings, *killers;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOOLL", names, &self->width, &self->height, &settings, &killers, &self->win,
                                     &self->limit))
        return -1;
    if (self->width < 1 || self->height < 1 || (Py_ssize_t)(self->width + 1) * self->height > (1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "Horizon: the grid must be 1x1 or more and at most 2**28 cells");
        return -1;
    }
    if (!PyByteArray_Check(killers)) {
        PyErr_SetString(PyExc_TypeError, "Horizon: killers must be a bytearray");
        return -1;
    }
    if (read_knobs(settings, &self->knobs) < 0) return -1;
    Py_INCREF(killers);
    Py_XSETREF(self->killers, killers);
    return 0;
}

static void horizon_dealloc(Horizon *self) {
    Py_XDECREF(self->killers);
    free(self->best);
    free(self->found);
    free(self->regions);
    free(self->shares);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The positions two plies below the searched one that were scored: a tuple of (my head, the enemy's, score, kind). */
static PyObject *scored_tuple(const Search *s) {
    PyObject *scored = PyTuple_New(s->found);
    if (scored == NULL) return NULL;
    for (int i = 0; i < s->found; i++) {
        const Score *k = s->scored[i];
        PyObject *item = Py_BuildValue("(LLLi)", k[0], k[1], k[2], (int)k[3]);
        if (item == NULL) {
            Py_DECREF(scored);
            return NULL;
        }
        PyTuple_SET_ITEM(scored, i, item);
    }
    return scored;
}

/* search(open, me, enemy, ply, depth, alpha, beta, extend, evaluated, check) -> (value, evaluations, scored, score, kind, cuts) */
static PyObject *horizon_search(Horizon *self, PyObject *args) {
    const unsigned char *bits;
    Py_ssize_t nbytes;
    int me, enemy, ply, depth, extend, evaluated;
    Score alpha, beta;
    Search s;
    if (!PyArg_ParseTuple(args, "y#iiiiLLipO", &bits, &nbytes, &me, &enemy, &ply, &depth, &alpha, &beta, &extend, &evaluated, &s.check))
        return NULL;
    Py_ssize_t cells = (Py_ssize_t)(self->width + 1) * self->height;
    if (me < 0 || enemy < 0 || me >= cells || enemy >= cells || ply < 0) {
        PyErr_SetString(PyExc_ValueError, "Horizon.search: heads must be cells of the grid");
        return NULL;
    }
    if (self->best == NULL && (self->best = calloc(BEST_SLOTS, sizeof(Best))) == NULL) return PyErr_NoMemory();
    if (self->knobs.memo && self->found == NULL && (self->found = calloc(FOUND_SLOTS, sizeof(Found))) == NULL)
        return PyErr_NoMemory();
    if (self->regions == NULL && (self->regions = calloc(REGION_SLOTS, sizeof(Kept))) == NULL) return PyErr_NoMemory();
    if (self->shares == NULL && (self->shares = calloc(SHARE_SLOTS, sizeof(Share))) == NULL) return PyErr_NoMemory();
    if (reserve(cells) < 0 || line_new(&s.line, bits, nbytes, self->width, self->height) < 0) return PyErr_NoMemory();
    Py_buffer killers; /* held while C writes it: the search may call Python (the clock) */
    if (PyObject_GetBuffer(self->killers, &killers, PyBUF_WRITABLE) < 0) {
        line_free(&s.line);
        return NULL;
    }
    s.killers = killers.buf;
    s.plies = killers.len;
    search_start(&s, self, ply);
    Score score;
    int kind;
    Score v = search_position(&s, me, enemy, ply, depth, alpha, beta, extend, evaluated, &score, &kind);
    line_free(&s.line);
    PyBuffer_Release(&killers);
    self->evaluations += s.evaluations;
    if (s.failed) return NULL;
    PyObject *scored = scored_tuple(&s);
    if (scored == NULL) return NULL;
    return Py_BuildValue("(LlNLil)", v, s.evaluations, scored, score, kind, s.cuts);
}

static PyMethodDef horizon_methods[] = {
    {"search", (PyCFunction)horizon_search, METH_VARARGS,
     "search(open, me, enemy, ply, depth, alpha, beta, extend, evaluated, check) -> (value, evaluations, scored, score, kind, cuts)"},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef horizon_members[] = {
    {"evaluations", T_LONGLONG, offsetof(Horizon, evaluations), READONLY, "positions scored, over all its searches"},
    {NULL, 0, 0, 0, NULL},
};

PyTypeObject HorizonType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "lazytron.engines.chambers._speedups.Horizon",
    .tp_doc = "Horizon(width, height, settings, killers, win, limit): the search's last plies for one tree",
    .tp_basicsize = sizeof(Horizon),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)horizon_init,
    .tp_dealloc = (destructor)horizon_dealloc,
    .tp_methods = horizon_methods,
    .tp_members = horizon_members,
};
