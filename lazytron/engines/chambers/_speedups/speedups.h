/* The chambers engine's speedups: what the C sources share.

   A grid is a byte a cell (one guard column: stride width + 1) with a wall row above and below, so that a cell's four
   neighbours are always inside it; a board is a bitset of 64-bit words, bit c for cell c.  Each source holds one
   thing:

       grid.c      scratch buffers reused by every call, the grid from a bitboard's bytes, the cells' colours
       blocks.c    the tree of blocks' bound of a share (Tarjan's low points)
       boards.c    the line's bitboards: the Voronoi flood, the split's measures, whether the players can meet
       walk.c      the greedy walk through one's own region
       fillable.c  the tree of chambers' bound of a region (lazytron's space.fillable)
       search.c    the search's last plies: the Horizon type
       module.c    the module: its functions, the Horizon type's methods */

#ifndef LAZYTRON_SPEEDUPS_H
#define LAZYTRON_SPEEDUPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef uint64_t word;

#if defined(_MSC_VER)
#define restrict __restrict /* C99's restrict, by MSVC's name */
#endif

/* A word's set bits and its lowest set bit, with each compiler's instruction. */
#if defined(_MSC_VER)
#include <intrin.h>
static inline int popcount64(word x) { return (int)__popcnt64(x); }
static inline int ctz64(word x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static inline int popcount64(word x) { return __builtin_popcountll(x); }
static inline int ctz64(word x) { return __builtin_ctzll(x); }
#endif
/* Ask for the cache line at `p` ahead of its read (a hint: nothing where the compiler has none).
   A function that only prefetches is inlined where it is called: compilers take it for one without effects and
   drop its calls. */
#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define prefetch(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#define PREFETCHING __forceinline
#elif defined(__GNUC__)
#define prefetch(p) __builtin_prefetch(p)
#define PREFETCHING __attribute__((always_inline)) inline
#else
#define prefetch(p) ((void)(p))
#define PREFETCHING inline
#endif
/* A function inlined wherever it is called, so that it is compiled for each caller's instruction set. */
#if defined(__GNUC__)
#define INLINED __attribute__((always_inline)) inline
#else
#define INLINED inline
#endif
/* x86 built for any CPU (no -mpopcnt): popcount64 is a call into libgcc there, about a tenth of a search's time, and
   the floods' loops are vectorised for SSE2 only, so the split's measures and the meeting test (boards.c) are
   compiled again for the popcnt instruction and for AVX2, the build the CPU runs chosen once. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
#define POPCNT_TWICE 1
#endif
typedef long long Score; /* a score of the engine's outcome order: beyond 32 bits */

/* A grid cell's mark: a wall, open, a side's, a tie, or reached by a side in the layer under way. */
enum { WALL = 255, NOBODY = 0, MINE = 1, THEIRS = 2, TIE = 3, NEW_MINE = 4, NEW_THEIRS = 5 };

/* The split's measures, in the order split() returns them: touching, each side's parity bound, chambers bound,
   edges and moves (mine, then theirs). */
enum { TOUCHING = 0, PARITY = 1, CHAMBERS = 3, EDGES = 5, MOVES = 7, SPLIT_FIELDS = 9 };

/* space.FILLABLE_CELLS: a region of more cells is bounded by its tree of blocks and parity, not its chambers. */
enum { FILLABLE_CELLS = 2500 };

/* Most cells a path takes from a cell of one colour: `same` of that colour, `other` of the other (space.parity_bound). */
static inline long parity_bound(long same, long other) { return 2 * (same < other ? same : other) + (other > same); }

static inline void put_bit(word *b, Py_ssize_t cell) { b[cell >> 6] |= (word)1 << (cell & 63); }
static inline void flip_bit(word *b, Py_ssize_t cell) { b[cell >> 6] ^= (word)1 << (cell & 63); }

/* grid.c: buffers of `cells` cells, grown to the largest grid seen; they hold nothing from one call to the next
   (the visit numbers only count up).  owner = owner_rows + stride is a grid share_owner() marks with the split's shares. */
extern unsigned char *owner_rows, *colours, *directions, *walk_seen;
extern int *numbers, *scratch, stamp;
extern long *best_below;
int reserve(Py_ssize_t cells);
int visits_from(Py_ssize_t cells);
unsigned char *grid(const unsigned char *bits, Py_ssize_t nbytes, int width, int height);

/* blocks.c: of the cells of `owner` marked `side`, or of a padded board's cells (boards.c's, reading a row beyond) */
long block_bound(const unsigned char *owner, Py_ssize_t head, unsigned char side, Py_ssize_t cells, const Py_ssize_t *steps);
long share_block_bound(const word *share, Py_ssize_t head, Py_ssize_t cells, const Py_ssize_t *steps);

/* boards.c: a line of the search, its grid and its bitboards.  A board has `pad` zero words before and after its
   `words`, so that a board shifted by a row reads no word outside its block; a row is `q` words and `r` bits. */
typedef struct {
    int words, pad, q, r;
    word *block;                                                   /* every board, padded */
    word *open, *odd, *left, *mine, *theirs, *front[2], *next[2]; /* open: the line's open cells; odd: colour 1 */
} Boards;

typedef struct {
    unsigned char *walls; /* the line's grid: WALL or NOBODY, the heads WALL */
    unsigned char *memory;
    Py_ssize_t stride, cells, steps[4];
    Boards boards;
} Line;

int line_new(Line *line, const unsigned char *bits, Py_ssize_t nbytes, int width, int height);
void line_free(Line *line);
void line_wall(Line *line, Py_ssize_t cell, unsigned char mark);
unsigned char *share_owner(const Line *line);
void measure_line(const Line *line, Py_ssize_t me, Py_ssize_t enemy, long out[SPLIT_FIELDS], int sides);
int line_meets(const Line *line, Py_ssize_t me, Py_ssize_t enemy);
void chamber_field(const Line *line, Py_ssize_t head, int side, long out[SPLIT_FIELDS]);

/* walk.c */
long walk_grid(unsigned char *g, Py_ssize_t stride, Py_ssize_t cells, const Py_ssize_t *steps, Py_ssize_t cell);

/* fillable.c: space.fillable of a region of `words` words; -1 out of memory. */
long fillable_bound(const word *region, int words, int width, long head);

/* search.c and horizon.c: the search's last plies. */
typedef struct { /* settings.Settings: the fields the search in C reads */
    Score fill, edge, separate, collision, aggression, spread, squash, close, close_cells, shortfall, walk_ahead;
    int reduce, scout, memo;
} Knobs;

typedef struct { /* a position's best move, and the search that found it: its depth and the ply its lines reached */
    uint64_t hash;
    int code;
    short depth, reach;
} Best;

enum { BEST_SLOTS = 1 << 18, BEST_WAYS = 2 }; /* the table of best moves: slots, by a position's hash, two a bucket */

typedef struct { /* with `memo`, what a search of a position to one depth found, by a hash of both (search.bounded) */
    uint64_t key;
    Score value;
    signed char bound; /* the value is exact (0), at least (1) or at most (-1) what it says */
    signed char cut;   /* the search cut a line (without, every deeper one finds the same value) */
    short depth, extend; /* a search that cut none, kept by the position's hash alone: its depth and free plies */
} Found;

enum { FOUND_SLOTS = 1 << 20 }; /* the table of values found: slots */

typedef struct { /* a region's fillable bound, by two hashes of its cells and head */
    uint64_t key, check;
    long bound, walk; /* space.fillable's bound; fill.walk_ahead's length under the Horizon's settings (-1: not yet) */
} Kept;

enum { REGION_SLOTS = 1 << 16 }; /* the table of regions' bounds: slots, by a region's hash */

typedef struct { /* a share's tree-of-blocks bound (chamber_field), by two hashes of its cells and head */
    uint64_t key, check;
    long bound;
} Share;

enum { SHARE_SLOTS = 1 << 15 }; /* the table of shares' bounds: slots, by a share's hash */

typedef struct { /* the Python type Horizon: what lives with one tree */
    PyObject_HEAD
    int width, height;
    Knobs knobs;
    Score win, limit;  /* outcome.WIN and outcome.EVAL_LIMIT */
    PyObject *killers; /* the tree's bytearray of killer moves by ply (0: none), shared with the Python search */
    Best *best;        /* the best move found at each position searched: an ordering hint, made on the first search */
    Found *found;      /* with `memo`, each value found by depth, made on the first search */
    Kept *regions;   /* the fillable bound (and walk) of each region apart scored, made on the first search */
    Share *shares;   /* the tree-of-blocks bound of each share searched in a connected position, made on the first search */
    long long evaluations; /* positions it has scored, over all its searches */
} Horizon;

typedef struct { /* one search: its Horizon, its line, and what it counts and keeps */
    Horizon *self;
    Line line;
    unsigned char *killers;               /* the killer move of each ply */
    Py_ssize_t plies;                     /* ... how many plies it holds */
    PyObject *check;                      /* called every CHECK_EVERY positions visited (None: never) */
    long evaluations, visits, next_check; /* positions scored; positions visited, and when the clock is looked at next */
    long cuts;                            /* lines cut: contested positions reached with no depth left */
    double next_time;                     /* ... or at what time */
    int clock_due;                        /* the clock is read at the next position visited */
    int failed;                           /* a Python error is set */
    uint64_t hash;                        /* the line's open cells, hashed */
    int root_ply;                         /* the ply of the position searched */
    int reach;                            /* ... and the ply its lines reach, its depth added */
    int found;                            /* positions two plies below it scored: (my head, the enemy's, score, kind) */
    Score scored[16][4];
} Search;

enum { CONNECTED = 0, OVER = 1, APART = 2 }; /* a position's kind: the players can meet, the game is over, they cannot */

void search_start(Search *s, Horizon *self, int ply);
Score search_position(Search *s, Py_ssize_t me, Py_ssize_t enemy, int ply, int depth, Score alpha, Score beta, int extend,
                      int evaluated, Score *score, int *kind);
extern PyTypeObject HorizonType;

#endif
