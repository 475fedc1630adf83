// ---------------------------------------------------------------------------------------
// The Vx lane runtime for OpenCL C 1.2 (see docs/gpu.md). The generator puts the layout
// #defines and the module's tables above this file and the translated functions and the
// kernel below it. Every function here mirrors a method of the JVM engines (named in its
// comment), so that a job behaves the same on the device, down to its statistics.
// ---------------------------------------------------------------------------------------

typedef long W;
typedef ulong UW;

#define RC_ONE ((W)1 << 32)
#define FID_EXIT ((W)-1)
#define LO32 ((W)0xFFFFFFFFL)
#define HDR(rc, ctor, size) (((W)(rc) << 32) | ((W)((ctor) & 0xFFFF) << 16) | (W)((size) & 0xFFFF))
#define CTOR(h) ((int)(((UW)(h) >> 16) & 0xFFFF))
#define SIZE(h) ((int)((h) & 0xFFFF))

/** One lane's working state while it runs (private); the rest lives in its LS words. */
typedef struct {
    __global W* H;      // the heap
    __global W* ST;     // this lane's stack (STACK_WORDS words)
    __global W* LS;     // this lane's state words
    __global W* LR;     // this lane's saved registers
    __global W* SCR;    // this lane's scratch (mark stack)
    __global W* CTL;    // the control block
    __global W* TASKS;
    __global W* JOINS;
    W cap;              // heap capacity in words
    int lane;
    int nlanes;
    int sp;
    int nf, nl;         // where to continue: function and label
    W rv;               // value being returned
    long steps, limit;
    long epoch;         // this dispatch's number: data crosses lanes only from one dispatch to a later one
    int status;         // why the lane stopped
    int ef, epc;        // function and instruction of an error
    int ecode;          // an error raised inside a helper (0: none)
    W ea, eb, ec;
    long peak, calls, forks, steals, spills, restores;
    long allocw, freedw, live, peaklive;
    W bump, bumpEnd;
} Ctx;

// Atomic helpers on 64-bit words (cl_khr_int64_base_atomics).
#define ALD(p) atom_add((volatile __global long*)(p), (long)0)
#define AADD(p, v) atom_add((volatile __global long*)(p), (long)(v))
#define ACAS(p, o, n) atom_cmpxchg((volatile __global long*)(p), (long)(o), (long)(n))
#define AXCHG(p, v) atom_xchg((volatile __global long*)(p), (long)(v))

int vx_dispatch(Ctx* c, W* r);

// ------------------------------------------------------------------------- errors

/** Records the first error of the run (later ones lose the race) and stops this lane. */
int vx_fail(Ctx* c, int code, W a, W b) {
    if (ACAS(&c->CTL[CTL_ERR], 0, code) == 0) {
        c->CTL[CTL_ERR_LANE] = c->lane;
        c->CTL[CTL_ERR_A] = a;
        c->CTL[CTL_ERR_B] = b;
        c->CTL[CTL_ERR_C] = c->ec;
        c->CTL[CTL_ERR_F] = c->ef;
        c->CTL[CTL_ERR_PC] = c->epc;
        c->CTL[CTL_ERR_SP] = c->sp;
    }
    c->status = S_ERR;
    return 1;
}

/** An error found inside a helper: the generated code checks c->ecode and fails with it. */
W vx_err(Ctx* c, int code, W a, W b, W cc) {
    c->ecode = code;
    c->ea = a;
    c->eb = b;
    c->ec = cc;
    return 0;
}

// ------------------------------------------------------------------------- numbers (Ops)

inline W sx32(W x) { return (W)as_int((uint)(UW)x); }
/** binary64 to binary32, rounding to nearest even (a cast: some drivers' convert_float_rte mishandle NaN). */
inline float d2f(double d) { return (float)d; }
inline float f32(W w) { return as_float((uint)(UW)w); }
inline W w32(float f) { return (W)(UW)as_uint(f); }
inline double f64(W w) { return as_double(w); }
inline W w64(double d) { return as_long(d); }

// Float arithmetic at binary32 goes through binary64 and rounds once more: with 53 >= 2*24+2
// bits the double rounding is innocuous for + - * / and sqrt, so every result is the correctly
// rounded binary32 one, on any device with cl_khr_fp64 (whose doubles are IEEE, denormals
// included), whatever its float denormal and division accuracy.
//
// Which NaN a result is does not matter: to_bits gives every NaN as the canonical one (a
// conversion of the float to itself, as on the CPU engines).
inline W add_f32(W a, W b) { return w32(d2f((double)f32(a) + (double)f32(b))); }
inline W sub_f32(W a, W b) { return w32(d2f((double)f32(a) - (double)f32(b))); }
inline W mul_f32(W a, W b) { return w32(d2f((double)f32(a) * (double)f32(b))); }
inline W div_f32(W a, W b) { return w32(d2f((double)f32(a) / (double)f32(b))); }
inline W rem_f32(W a, W b) { return w32(d2f(fmod((double)f32(a), (double)f32(b)))); }
inline W sqrt_f32(W a) { return w32(d2f(sqrt((double)f32(a)))); }
inline W add_f64(W a, W b) { return w64(f64(a) + f64(b)); }
inline W sub_f64(W a, W b) { return w64(f64(a) - f64(b)); }
inline W mul_f64(W a, W b) { return w64(f64(a) * f64(b)); }
inline W div_f64(W a, W b) { return w64(f64(a) / f64(b)); }
inline W rem_f64(W a, W b) { return w64(fmod(f64(a), f64(b))); }
inline W sqrt_f64(W a) { return w64(sqrt(f64(a))); }
/** Prims' floor and ceil; a binary32 NaN goes around the way back through d2f, which gave 0 for it on POCL. */
inline W floor_f32(W a) { return isnan(f32(a)) ? a : w32(d2f(floor((double)f32(a)))); }
inline W ceil_f32(W a) { return isnan(f32(a)) ? a : w32(d2f(ceil((double)f32(a)))); }
inline W floor_f64(W a) { return w64(floor(f64(a))); }
inline W ceil_f64(W a) { return w64(ceil(f64(a))); }
inline W eq_f32(W a, W b) { return (double)f32(a) == (double)f32(b) ? 1 : 0; }
inline W lt_f32(W a, W b) { return (double)f32(a) < (double)f32(b) ? 1 : 0; }
inline W le_f32(W a, W b) { return (double)f32(a) <= (double)f32(b) ? 1 : 0; }
inline W eq_f64(W a, W b) { return f64(a) == f64(b) ? 1 : 0; }
inline W lt_f64(W a, W b) { return f64(a) < f64(b) ? 1 : 0; }
inline W le_f64(W a, W b) { return f64(a) <= f64(b) ? 1 : 0; }

#define F32_NAN ((W)0x7fc00000L)
#define F64_NAN ((W)0x7ff8000000000000L)

/**
 * A float's conversion to its own type (F32.to_bits and F64.to_bits go through it): the word
 * itself, a NaN made the canonical one. Done on the bits, so that a device whose floats flush
 * denormals cannot change a denormal on its way through.
 */
inline W canon_f32(W a) { return (a & 0x7f800000L) == 0x7f800000L && (a & 0x007fffffL) != 0 ? F32_NAN : a; }
inline W canon_f64(W a) { return (a & 0x7ff0000000000000L) == 0x7ff0000000000000L && (a & 0x000fffffffffffffL) != 0 ? F64_NAN : a; }

/** Ops.fromDouble: float to another scalar (to: 1 U32, 2 I32, 3 U64, 4 I64, 5 F32, 6 F64, 7 Nat). */
W conv_from_double(double d, int to) {
    if (isnan(d)) return to == 5 ? F32_NAN : to == 6 ? F64_NAN : 0;
    switch (to) {
        case 1: return d <= 0 ? 0 : d >= 4294967295.0 ? LO32 : (W)d;
        case 2: return d >= 2147483647.0 ? (W)2147483647 : d <= -2147483648.0 ? (W)(-2147483647 - 1) : (W)(int)d;
        case 3:
            if (d <= 0) return 0;
            if (d >= 18446744073709551615.0) return (W)-1;
            if (d < 9223372036854775807.0) return (W)d;
            return (W)(d - 9223372036854775808.0) ^ (W)0x8000000000000000L;
        case 4:
            if (d >= 9223372036854775807.0) return (W)0x7fffffffffffffffL;
            if (d <= -9223372036854775808.0) return (W)0x8000000000000000L;
            return (W)d;
        case 5: return w32(d2f(d));
        case 6: return w64(d);
        default:
            if (d <= 0) return 0;
            if (d >= 9223372036854775807.0) return (W)0x7fffffffffffffffL;
            return (W)d;
    }
}

/** Ops.unsignedToFloat / unsignedToDouble: a U64 rounded once. */
inline float u64_to_f32(W w) {
    if (w >= 0) return convert_float_rte(w);
    return 2.0f * convert_float_rte((W)(((UW)w >> 1) | (UW)(w & 1)));
}
inline double u64_to_f64(W w) {
    if (w >= 0) return convert_double_rte(w);
    return 2.0 * convert_double_rte((W)(((UW)w >> 1) | (UW)(w & 1)));
}

/** Ops.fromInteger: from an integer word (signed, or U64 when unsigned64) to another scalar. */
W conv_from_integer(W w, int unsigned64, int to) {
    switch (to) {
        case 1: return w & LO32;
        case 2: return sx32(w);
        case 3: case 4: return w;
        case 5: return w32(unsigned64 ? u64_to_f32(w) : convert_float_rte(w));
        case 6: return w64(unsigned64 ? u64_to_f64(w) : convert_double_rte(w));
        default: return unsigned64 ? (w < 0 ? (W)0x7fffffffffffffffL : w) : (w > 0 ? w : 0);
    }
}

// ------------------------------------------------------------------------- tables

inline int frame_words(W rw) {
    if (rw == FID_EXIT) return EXIT_FRAME_WORDS;
    return (int)(((UW)rw >> 20) & 0xFFF); // Layout.resumeFrameWords
}

// ------------------------------------------------------------------------- allocation (Allocator)

/** Allocator.largeClass: steps of 2^(k - LARGE_STEPS_LOG) above 2^k, for 2^k < words <= 2^(k+1). */
inline int large_class(int words) {
    int k = 63 - (int)clz((UW)(words - 1));
    W step = (W)1 << (k - LARGE_STEPS_LOG);
    int j = (int)(((W)words - ((W)1 << k) + step - 1) / step);
    return ((k - 6) << LARGE_STEPS_LOG) + j - 1;
}

/** Allocator.largeClassWords. */
inline W large_class_words(int cls) {
    int k = (cls >> LARGE_STEPS_LOG) + 6;
    W j = (W)(cls & ((1 << LARGE_STEPS_LOG) - 1)) + 1;
    return ((W)1 << k) + (j << (k - LARGE_STEPS_LOG));
}

/** Takes n words from the top of the heap; 0 when they would pass the capacity (Heap.takeChunk). */
W vx_take(Ctx* c, W n) {
    W old = ALD(&c->CTL[CTL_TOP]);
    for (;;) {
        if (old + n > c->cap) return 0;
        W seen = ACAS(&c->CTL[CTL_TOP], old, old + n);
        if (seen == old) return old;
        old = seen;
    }
}

/**
 * Heap.takeChunk: `n` words from the top of the heap, or what is left there when that is less
 * but at least `least` words; the start (*end: the end), 0 when the heap is full.
 */
W vx_take_chunk(Ctx* c, W n, W least, W* end) {
    W old = ALD(&c->CTL[CTL_TOP]);
    for (;;) {
        W k = c->cap - old < n ? c->cap - old : n;
        if (k < least) return 0;
        W seen = ACAS(&c->CTL[CTL_TOP], old, old + k);
        if (seen == old) {
            *end = old + k;
            return old;
        }
        old = seen;
    }
}

// Free large blocks (vm's LargeBlocks, which says why): per lane, lists by class of blocks
// laid out as [free header, next, size in words], then the gaps' list (rests of 8 to 64
// words, which serve nothing until merged), split when taken, merged when due.

/** LargeBlocks.floorClass: the largest class a free block of `size` words can serve; LARGE_CLASSES (the gaps) when none. */
inline int large_floor_class(W size) {
    if (size < large_class_words(0)) return LARGE_CLASSES;
    int k = large_class((int)size);
    return large_class_words(k) > size ? k - 1 : k;
}

/** LargeBlocks.push. */
void vx_large_push(Ctx* c, W addr, W size) {
    __global W* H = c->H;
    int k = large_floor_class(size);
    H[addr] = HDR(0, KIND_FREE, 0);
    H[addr + 1] = c->LS[LS_LARGE + k];
    H[addr + 2] = size;
    c->LS[LS_LARGE + k] = addr;
    c->LS[LS_LBLOCKS]++;
}

/** LargeBlocks.take: a block of exactly class `cls`'s words, the rest kept free; 0 when none serves. */
W vx_large_take(Ctx* c, int cls) {
    if (c->LS[LS_LBLOCKS] == 0) return 0;
    __global W* H = c->H;
    for (int k = cls; k < LARGE_CLASSES; k++) {
        W a = c->LS[LS_LARGE + k];
        if (a == 0) continue;
        c->LS[LS_LARGE + k] = H[a + 1];
        c->LS[LS_LBLOCKS]--;
        W need = large_class_words(cls);
        W rest = H[a + 2] - need;
        if (rest > 0) vx_large_push(c, a + need, rest);
        return a;
    }
    return 0;
}

void vx_stack_push(Ctx* c, __global W* head, W addr, int link);

/**
 * LargeBlocks.merge, in place (no memory to sort in): every block on one list, sorted by
 * descending address with a bottom-up merge sort of the list, then each run of touching
 * blocks pushed as one block, from the highest address down.
 */
void vx_large_merge(Ctx* c) {
    __global W* H = c->H;
    W all = 0, n = 0;
    for (int k = 0; k <= LARGE_CLASSES; k++) {
        W a = c->LS[LS_LARGE + k];
        while (a != 0) {
            W next = H[a + 1];
            H[a + 1] = all;
            all = a;
            a = next;
            n++;
        }
        c->LS[LS_LARGE + k] = 0;
    }
    for (W width = 1; width < n; width <<= 1) {
        W head = 0, tail = 0, p = all;
        while (p != 0) {
            W a = p, na = 0;
            while (p != 0 && na < width) { p = H[p + 1]; na++; }
            W b = p, nb = 0;
            while (p != 0 && nb < width) { p = H[p + 1]; nb++; }
            while (na > 0 || nb > 0) {
                W e;
                if (nb == 0 || (na > 0 && a > b)) { e = a; a = H[a + 1]; na--; }
                else { e = b; b = H[b + 1]; nb--; }
                if (tail == 0) head = e; else H[tail + 1] = e;
                tail = e;
            }
        }
        H[tail + 1] = 0;
        all = head;
    }
    c->LS[LS_LBLOCKS] = 0;
    c->LS[LS_LRELEASES] = 0;
    W p = all;
    while (p != 0) {
        W start = p, size = H[p + 2];
        p = H[p + 1];
        while (p != 0 && p + H[p + 2] == start) {
            start = p;
            size += H[p + 2];
            p = H[p + 1];
        }
        int k = large_floor_class(size);
        if (c->nlanes > 1 && k < LARGE_CLASSES && c->LS[LS_LARGE + k] != 0) {
            // As a release keeps it: one block a class stays, the rest serves every lane.
            H[start] = HDR(0, KIND_FREE, 0);
            H[start + 2] = size;
            vx_stack_push(c, &c->CTL[CTL_LPOOL + k], start, 1);
        } else {
            vx_large_push(c, start, size);
        }
    }
}

// The lanes' pools. Small cells (vm's SharedPool): a lane whose list of one size reaches
// 2 * FREE_BATCH cells gives FREE_BATCH of them to the pool, and a lane whose list is empty
// takes a batch before new words, so that cells one lane frees (a stolen child's result, freed
// by its parent's lane) serve another's allocations: without it a fork loop's footprint grew
// with every round. Per size, a stack of batches: each batch's cells are linked through word
// 1 (ending in 0), the batches through their first cell's header word (free cells' headers
// are read by nothing else), from CTL[CTL_POOL + size].
//
// Large cells, with several lanes: a freed cell goes to a stack per class, from
// CTL[CTL_LPOOL + class] and linked through word 1, when the freeing lane already keeps a free
// block of its class (that one it may merge): a lane frees what another allocated, and its own
// lists would grow while the other took new words each time. Pool blocks are exact class
// sizes; they are merged only as a last resort, when a lane cannot take new words and drains
// the pool into its own lists first. One lane keeps the CPU's lists alone, so that it reuses
// memory exactly as the CPU does.

/**
 * Pushes block `addr`, linked through its word `link`, on the stack at `head`. A head carries
 * a count in its high half, so that a block taken and given back between a lane's read and
 * its compare-and-swap fails the swap.
 */
void vx_stack_push(Ctx* c, __global W* head, W addr, int link) {
    W old = ALD(head);
    for (;;) {
        c->H[addr + link] = old & 0xFFFFFFFFL;
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        UW tag = ((UW)old >> 32) + 1;
        W seen = ACAS(head, old, (W)((tag << 32) | (UW)addr));
        if (seen == old) return;
        old = seen;
    }
}

/** The top block of the stack at `head` (linked through word `link`), 0 when it is empty. */
W vx_stack_pop(Ctx* c, __global W* head, int link) {
    W old = ALD(head);
    for (;;) {
        W first = old & 0xFFFFFFFFL;
        if (first == 0) return 0;
        W next = c->H[first + link] & 0xFFFFFFFFL; // stale if another lane took it: the CAS then fails
        UW tag = ((UW)old >> 32) + 1;
        W seen = ACAS(head, old, (W)((tag << 32) | (UW)next));
        if (seen == old) {
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            return first;
        }
        old = seen;
    }
}

/**
 * Allocator.giveBatch: FREE_BATCH cells of the lane's list of `words`-word cells to the pool,
 * here the newest, found by a walk (the CPU's lists keep marks to give their oldest without
 * one; a lane rarely gives). Which cells move changes no figure: a list takes from the pool
 * only when it is empty, so the free cells of each size, and the words taken, are the same.
 */
void vx_give_batch(Ctx* c, int words) {
    __global W* H = c->H;
    W first = c->LS[LS_FREE + words];
    W last = first;
    for (int i = 1; i < FREE_BATCH; i++) last = H[last + 1];
    c->LS[LS_FREE + words] = H[last + 1];
    H[last + 1] = 0;
    c->LS[LS_FCOUNT + words] -= FREE_BATCH;
    vx_stack_push(c, &c->CTL[CTL_POOL + words], first, 0);
}

/** Moves every block of the large cells' pool to this lane's lists, as releases (due for merging). */
void vx_large_drain_pool(Ctx* c) {
    for (int k = 0; k < LARGE_CLASSES; k++) {
        for (W b = vx_stack_pop(c, &c->CTL[CTL_LPOOL + k], 1); b != 0; b = vx_stack_pop(c, &c->CTL[CTL_LPOOL + k], 1)) {
            vx_large_push(c, b, c->H[b + 2]);
            c->LS[LS_LRELEASES]++;
        }
    }
}

/** Allocator.allocate without the statistics: the address of `words` free words, 0 when the heap is full. */
W vx_alloc_raw(Ctx* c, int words) {
    __global W* H = c->H;
    if (words <= SMALL_MAX) {
        W a = c->LS[LS_FREE + words];
        if (a == 0) {
            // Allocator.takeBatch (the list is empty).
            a = vx_stack_pop(c, &c->CTL[CTL_POOL + words], 0);
            if (a != 0) c->LS[LS_FCOUNT + words] += FREE_BATCH;
        }
        if (a != 0) {
            c->LS[LS_FREE + words] = H[a + 1];
            c->LS[LS_FCOUNT + words]--;
            return a;
        }
        if (c->bump + words > c->bumpEnd) {
            W end;
            W s = vx_take_chunk(c, c->CTL[CTL_CHUNK], words, &end);
            if (s == 0) return 0;
            c->bump = s;
            c->bumpEnd = end;
        }
        W r = c->bump;
        c->bump += words;
        return r;
    }
    int cls = large_class(words);
    W a = vx_large_take(c, cls);
    if (a != 0) return a;
    if (c->nlanes > 1) {
        for (int k = cls; k < LARGE_CLASSES; k++) {
            a = vx_stack_pop(c, &c->CTL[CTL_LPOOL + k], 1);
            if (a == 0) continue;
            W need = large_class_words(cls);
            W rest = c->H[a + 2] - need;
            if (rest > 0) vx_large_push(c, a + need, rest);
            return a;
        }
    }
    // Before new words: on many lanes, the pool's blocks (none of which served) join this
    // lane's lists, so that they are merged when merging is due, as the CPU merges all its
    // free blocks. Merged only at the end, they stayed cut into the sizes they were freed at,
    // and a job that freed arrays of many sizes took new words for nearly every larger one
    // (2 lanes: a footprint 46 times the live words, and out of memory in twice the heap the
    // CPU needed).
    if (c->nlanes > 1) vx_large_drain_pool(c);
    W released = c->LS[LS_LRELEASES];
    if (released > 0 && 4 * released >= c->LS[LS_LBLOCKS]) {
        vx_large_merge(c);
        a = vx_large_take(c, cls);
        if (a != 0) return a;
    }
    a = vx_take(c, large_class_words(cls));
    if (a == 0 && c->nlanes > 1) vx_large_drain_pool(c); // freed meanwhile by other lanes
    if (a == 0 && c->LS[LS_LRELEASES] > 0) {
        // The heap cannot grow by the cell (as Heap.allocateLarge asks before growing; where
        // this device's buffer is smaller than the heap, at the buffer's end): merge, last.
        vx_large_merge(c);
        a = vx_large_take(c, cls);
    }
    return a;
}

/** Allocator.allocate: counted once found (a request the heap cannot meet allocated nothing). */
W vx_alloc(Ctx* c, int words) {
    W a = vx_alloc_raw(c, words);
    if (a == 0) return 0;
    c->allocw += words;
    c->live += words;
    if (c->live > c->peaklive) c->peaklive = c->live;
    return a;
}

/** Allocator.release without the statistics. */
void vx_release_raw(Ctx* c, W addr, int words) {
    __global W* H = c->H;
    H[addr] = HDR(0, KIND_FREE, 0);
    if (words <= SMALL_MAX) {
        H[addr + 1] = c->LS[LS_FREE + words];
        c->LS[LS_FREE + words] = addr;
        if (++c->LS[LS_FCOUNT + words] >= 2 * FREE_BATCH) vx_give_batch(c, words);
    } else {
        int cls = large_class(words);
        if (c->nlanes > 1 && c->LS[LS_LARGE + cls] != 0) {
            // The lane keeps one free block a class, which it may merge; the rest serves all lanes.
            H[addr + 2] = large_class_words(cls);
            vx_stack_push(c, &c->CTL[CTL_LPOOL + cls], addr, 1);
        } else {
            vx_large_push(c, addr, large_class_words(cls));
            c->LS[LS_LRELEASES]++;
        }
    }
}

/**
 * Allocator.shareLive: adds what this lane allocated less what it freed since it last did to
 * the lanes' shared live count, and raises the shared peak. One lane's own count is exact; on
 * many, lanes free each other's cells, and only the shared count means anything.
 */
void vx_share_live(Ctx* c) {
    W d = c->live - c->LS[LS_SHAREDLIVE];
    /* A new high of the lane's own count since it last shared, as far above its count now
       (Allocator.shareLive): cells that came and went between two shares count too. */
    W above = c->peaklive > c->LS[LS_PEAKSHARED] ? c->peaklive - c->live : 0;
    if (d == 0 && above == 0) return;
    c->LS[LS_SHAREDLIVE] = c->live;
    c->LS[LS_PEAKSHARED] = c->peaklive;
    W now = AADD(&c->CTL[CTL_LIVE], d) + d + above;
    if (d <= 0 && above == 0) return;
    W seen = ALD(&c->CTL[CTL_PEAKLIVE]);
    while (now > seen) {
        W s = ACAS(&c->CTL[CTL_PEAKLIVE], seen, now);
        if (s == seen) break;
        seen = s;
    }
}

/** Allocator.release. */
void vx_release(Ctx* c, W addr, int words) {
    c->freedw += words;
    c->live -= words;
    vx_release_raw(c, addr, words);
}

inline int cell_words_fields(int fields) { return fields + 1 < 2 ? 2 : fields + 1; }

/** Layout.arrayPayload: the words after the length word of an array of `kind` with n elements. */
inline int vx_array_payload(int kind, int n) { return kind == KIND_ARRAY_HALF ? (int)(((long)n + 1) >> 1) : n; }

/** Allocator.cellWords(h, a). */
int vx_cell_words(__global W* H, W a) {
    W hd = H[a];
    int k = CTOR(hd);
    if (k == KIND_STRING) return 2 + (((int)H[a + 1] + 7) >> 3);
    if (k == KIND_SPILL) return 2 + (int)H[a + 1];
    if (k == KIND_ARRAY_SCALAR || k == KIND_ARRAY_REF || k == KIND_ARRAY_HALF) return 2 + vx_array_payload(k, (int)H[a + 1]);
    return cell_words_fields(SIZE(hd));
}

/** Allocator.newCell: 0 when the heap is full. */
W vx_new_cell(Ctx* c, int ctor, int fields) {
    W a = vx_alloc(c, cell_words_fields(fields));
    if (a != 0) c->H[a] = HDR(1, ctor, fields);
    return a;
}

/** Allocator.newVariable: 0 when the heap is full. */
W vx_new_variable(Ctx* c, int kind, W lengthWord, int payload) {
    W a = vx_alloc(c, 2 + payload);
    if (a != 0) {
        c->H[a] = HDR(1, kind, 0);
        c->H[a + 1] = lengthWord;
    }
    return a;
}

// ------------------------------------------------------------------------- reference counts

inline void vx_dup(__global W* H, W v) {
    if (v >= HEAP_BASE) {
        W hd = H[v];
        if (hd >= RC_ONE) H[v] = hd + RC_ONE;
        else if (hd < 0) AADD(&H[v], -RC_ONE);
    }
}

/** Allocator.dupMany. */
inline void vx_dup_many(__global W* H, W v, W n) {
    if (v < HEAP_BASE || n == 0) return;
    W hd = H[v];
    if (hd >= RC_ONE) H[v] = hd + n * RC_ONE;
    else if (hd < 0) AADD(&H[v], -n * RC_ONE);
}

/** Allocator.decrement: 1 when the count reached zero. */
inline int vx_dec(__global W* H, W v) {
    W hd = H[v];
    if (hd >= RC_ONE) {
        if (hd < 2 * RC_ONE) return 1;
        H[v] = hd - RC_ONE;
        return 0;
    }
    if (hd < 0) return ((UW)(AADD(&H[v], RC_ONE) + RC_ONE) >> 32) == 0;
    return 0;
}

/**
 * Allocator.freeCascade, without a stack: the cells waiting to be freed are linked through
 * the high half of their headers (their count is zero and unused; addresses fit 31 bits), in
 * the same last-in first-out order as the JVM's work list.
 */
void vx_free_cascade(Ctx* c, W v) {
    __global W* H = c->H;
    H[v] = H[v] & LO32;
    W head = v;
    while (head != 0) {
        W cell = head;
        W hd = H[cell];
        head = (W)((UW)hd >> 32);
        int kind = CTOR(hd);
        if (kind == KIND_ARRAY_REF) {
            int n = (int)H[cell + 1];
            for (int i = 0; i < n; i++) {
                W e = H[cell + 2 + i];
                if (e >= HEAP_BASE && vx_dec(H, e)) {
                    H[e] = (H[e] & LO32) | (head << 32);
                    head = e;
                }
            }
        } else if (kind >= FIRST_CTOR) {
            int off = REF_OFF[kind - FIRST_CTOR];
            int n = REF_CNT[kind - FIRST_CTOR];
            for (int i = 0; i < n; i++) {
                W e = H[cell + 1 + REF_IDX[off + i]];
                if (e >= HEAP_BASE && vx_dec(H, e)) {
                    H[e] = (H[e] & LO32) | (head << 32);
                    head = e;
                }
            }
        }
        vx_release(c, cell, vx_cell_words(H, cell));
    }
}

/** Allocator.drop. */
inline void vx_drop(Ctx* c, W v) {
    if (v >= HEAP_BASE && vx_dec(c->H, v)) vx_free_cascade(c, v);
}

/** Allocator.freeToken. */
inline void vx_free_token(Ctx* c, W t) {
    if (t != 0) vx_release(c, t, vx_cell_words(c->H, t));
}

/** Allocator.isUnique. */
inline W vx_is_unique(__global W* H, W v) {
    if (v < HEAP_BASE) return 0;
    W rc = H[v] >> 32;
    return rc == 1 || rc == -1 ? 1 : 0;
}

/**
 * Allocator.markShared: everything reachable from v becomes shared (negative count). The work
 * list starts in the lane's scratch words and moves to a heap block (not counted in the
 * statistics, freed at the end) when it outgrows them. 0 when the heap is full.
 */
int vx_mark_shared(Ctx* c, W v) {
    if (v < HEAP_BASE) return 1;
    __global W* H = c->H;
    __global W* stk = c->SCR;
    W cap = SCRATCH_WORDS;
    W block = 0;
    int blockWords = 0;
    W n = 0;
    stk[n++] = v;
    while (n > 0) {
        W cell = stk[--n];
        W hd = H[cell];
        if (hd < RC_ONE) continue;
        W rc = hd >> 32;
        H[cell] = ((-rc) << 32) | (hd & LO32);
        int kind = CTOR(hd);
        int cnt = 0, off = 0;
        if (kind == KIND_ARRAY_REF) cnt = (int)H[cell + 1];
        else if (kind >= FIRST_CTOR) { cnt = REF_CNT[kind - FIRST_CTOR]; off = REF_OFF[kind - FIRST_CTOR]; }
        for (int i = 0; i < cnt; i++) {
            W e = kind == KIND_ARRAY_REF ? H[cell + 2 + i] : H[cell + 1 + REF_IDX[off + i]];
            if (e < HEAP_BASE) continue;
            if (n == cap) {
                int words = (int)(2 * cap + 2);
                W nb = vx_alloc_raw(c, words);
                if (nb == 0) return 0;
                H[nb] = HDR(1, KIND_ARRAY_SCALAR, 0);
                H[nb + 1] = 2 * cap;
                for (W k = 0; k < n; k++) H[nb + 2 + k] = stk[k];
                if (block != 0) vx_release_raw(c, block, blockWords);
                block = nb;
                blockWords = words;
                stk = H + nb + 2;
                cap = 2 * cap;
            }
            stk[n++] = e;
        }
    }
    if (block != 0) vx_release_raw(c, block, blockWords);
    return 1;
}

// ------------------------------------------------------------------------- spill (LaneStack)

/** LaneStack.spill: makes room for a push; returns the new sp, or -1 when the heap is full. */
int vx_spill(Ctx* c, int sp) {
    __global W* ST = c->ST;
    __global W* H = c->H;
    int cut = sp;
    int kept = 0;
    for (;;) {
        int fw = frame_words(ST[cut - 1]);
        if (kept + fw > SPILL_KEEP_WORDS) break;
        kept += fw;
        cut -= fw;
    }
    W block = vx_new_variable(c, KIND_SPILL, cut, cut);
    if (block == 0) return -1;
    for (int i = 0; i < cut; i++) H[block + 2 + i] = ST[i];
    for (int i = 0; i < kept; i++) ST[EXIT_FRAME_WORDS + i] = ST[cut + i];
    ST[0] = block;
    ST[1] = cut;
    ST[2] = FID_EXIT;
    c->spills++;
    return EXIT_FRAME_WORDS + kept;
}

/** LaneStack.restore: the lane returned into a spilled bottom exit frame; returns the new sp. */
int vx_restore(Ctx* c) {
    __global W* ST = c->ST;
    __global W* H = c->H;
    W block = ST[0];
    int count = (int)ST[1];
    W data = block + 2;
    int cut = count;
    int restored = 0;
    if (count - EXIT_FRAME_WORDS <= RESTORE_WORDS) cut = EXIT_FRAME_WORDS; // all of it fits: no walk
    while (cut > EXIT_FRAME_WORDS) {
        int fw = frame_words(H[data + cut - 1]);
        if (restored + fw > RESTORE_WORDS) break;
        restored += fw;
        cut -= fw;
    }
    c->restores++;
    if (cut == EXIT_FRAME_WORDS) {
        for (int i = 0; i < count; i++) ST[i] = H[data + i];
        vx_release(c, block, 2 + (int)H[block + 1]);
        return count;
    }
    for (int i = 0; i < restored; i++) ST[EXIT_FRAME_WORDS + i] = H[data + cut + i];
    ST[1] = cut;
    return EXIT_FRAME_WORDS + restored;
}

// ------------------------------------------------------------------------- lanes, tasks, joins

/** The lane returned into its bottom exit frame with c->rv: deliver it (Worker.finished). */
int vx_finish(Ctx* c) {
    if (c->LS[LS_COMP] == COMP_ROOT) {
        c->CTL[CTL_RESULT] = c->rv;
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        AXCHG(&c->CTL[CTL_DONE], 1);
        c->status = S_DONE;
        return 1;
    }
    __global W* J = c->JOINS + c->LS[LS_CJOIN] * JOIN_WORDS;
    J[J_RESULTS + c->LS[LS_CCHILD]] = c->rv;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    AXCHG(&J[J_DELIVERED], c->epoch);
    AADD(&J[J_PENDING], -1);
    AADD(&c->CTL[CTL_IDLE], 1);
    c->status = S_IDLE;
    return 1;
}

/** RET: pops frames until a continuation (restoring spilled blocks on the way). 0: go on at nf/nl; 1: the lane stopped. */
int vx_ret(Ctx* c) {
    __global W* ST = c->ST;
    int sp = c->sp;
    for (;;) {
        W rw = ST[--sp];
        if (rw == FID_EXIT) {
            if (ST[0] == 0) {
                c->sp = sp + 1;
                return vx_finish(c);
            }
            c->sp = sp;
            sp = vx_restore(c);
            continue;
        }
        int f = (int)((UW)rw >> 32);
        c->nf = f;
        c->nl = CONT_BASE[f] + (int)(rw & 0xFFFFF); // Layout.resumeSite
        c->sp = sp;
        return 0;
    }
}

/** Fork groups publish only while some lane is idle and can take the task. */
inline int vx_want_publish(Ctx* c) {
    return ALD(&c->CTL[CTL_PUBLISHED]) < ALD(&c->CTL[CTL_IDLE]);
}

/** A join record and k-1 task slots for a fork group of k children, or -1. */
int vx_join_acquire(Ctx* c, int k) {
    int start = (int)(((uint)c->lane * 2654435761u) % (uint)NJOINS);
    int j = -1;
    for (int i = 0; i < NJOINS; i++) {
        int t = (start + i) % NJOINS;
        if (c->JOINS[t * JOIN_WORDS + J_STATE] == 0 && ACAS(&c->JOINS[t * JOIN_WORDS + J_STATE], 0, 1) == 0) {
            j = t;
            break;
        }
    }
    if (j < 0) return -1;
    __global W* J = c->JOINS + j * JOIN_WORDS;
    int got = 1;
    int ts = (int)(((uint)c->lane * 40503u) % (uint)NTASKS);
    for (int child = 1; child < k; child++) {
        int slot = -1;
        for (int i = 0; i < NTASKS; i++) {
            int t = (ts + i) % NTASKS;
            if (c->TASKS[t * TASK_WORDS + T_STATE] == T_FREE
                    && ACAS(&c->TASKS[t * TASK_WORDS + T_STATE], T_FREE, T_RESERVED) == T_FREE) {
                slot = t;
                ts = t + 1;
                break;
            }
        }
        if (slot < 0) break;
        J[J_TASK + child] = slot;
        got++;
    }
    if (got < k) {
        for (int child = 1; child < got; child++) AXCHG(&c->TASKS[J[J_TASK + child] * TASK_WORDS + T_STATE], T_FREE);
        AXCHG(&J[J_STATE], 0);
        return -1;
    }
    J[J_PENDING] = k;
    J[J_PARENT] = c->lane;
    J[J_K] = k;
    J[J_ARRIVED] = 0;
    for (int child = 0; child < k; child++) J[J_STOLEN + child] = 0;
    for (int child = 1; child < k; child++) {
        __global W* T = c->TASKS + J[J_TASK + child] * TASK_WORDS;
        T[T_JOIN] = j;
        T[T_CHILD] = child;
    }
    return j;
}

inline __global W* vx_task(Ctx* c, int j, int child) {
    return c->TASKS + c->JOINS[j * JOIN_WORDS + J_TASK + child] * TASK_WORDS;
}

/**
 * Offers children 1..k-1 of join j to other lanes (their function and arguments are written).
 * A thief takes a task only in a later dispatch than the one that offered it, and a parent
 * reads a stolen child's result only in a later dispatch than the one that delivered it: the
 * end of a dispatch makes every write visible to every lane, whatever the device's memory
 * model, so lanes share nothing but atomics within a dispatch.
 */
void vx_publish(Ctx* c, int j, int k) {
    for (int child = 1; child < k; child++) vx_task(c, j, child)[T_EPOCH] = c->epoch;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    for (int child = 1; child < k; child++) AXCHG(&vx_task(c, j, child)[T_STATE], T_PUBLISHED);
    AADD(&c->CTL[CTL_PUBLISHED], k - 1);
}

/** The parent reached child `child`: 1 if it takes the task back (runs it inline), 0 if a thief has it. */
int vx_claim(Ctx* c, int j, int child) {
    __global W* T = vx_task(c, j, child);
    if (ACAS(&T[T_STATE], T_PUBLISHED, T_CLAIMED) != T_PUBLISHED) return 0;
    AADD(&c->CTL[CTL_PUBLISHED], -1);
    AADD(&c->JOINS[j * JOIN_WORDS + J_PENDING], -1);
    return 1;
}

/** An idle lane takes a published task: a fork child on a lane of its own. 1 when it got one. */
int vx_steal(Ctx* c, W* r) {
    if (ALD(&c->CTL[CTL_PUBLISHED]) <= 0) return 0;
    int start = (int)(((uint)c->lane * 2246822519u) % (uint)NTASKS);
    for (int i = 0; i < NTASKS; i++) {
        int t = (start + i) % NTASKS;
        __global W* T = c->TASKS + t * TASK_WORDS;
        if (ALD(&T[T_STATE]) != T_PUBLISHED || ALD(&T[T_EPOCH]) >= c->epoch) continue;
        if (ACAS(&T[T_STATE], T_PUBLISHED, T_CLAIMED) != T_PUBLISHED) continue;
        AADD(&c->CTL[CTL_PUBLISHED], -1);
        AADD(&c->CTL[CTL_IDLE], -1);
        int j = (int)ALD(&T[T_JOIN]);
        int child = (int)ALD(&T[T_CHILD]);
        int n = (int)ALD(&T[T_NARGS]);
        for (int a = 0; a < n; a++) r[a] = ALD(&T[T_ARGS + a]);
        AXCHG(&c->JOINS[j * JOIN_WORDS + J_STOLEN + child], 1);
        c->ST[0] = 0;
        c->ST[1] = 0;
        c->ST[2] = FID_EXIT;
        c->sp = EXIT_FRAME_WORDS;
        c->nf = (int)ALD(&T[T_FN]);
        c->nl = 0;
        c->LS[LS_COMP] = COMP_CHILD;
        c->LS[LS_CJOIN] = j;
        c->LS[LS_CCHILD] = child;
        c->LS[LS_STATUS] = S_RUN;
        c->steals++;
        c->calls++; // the call its parent skips (RUNTIME.md 7: counts do not depend on who ran what)
        return 1;
    }
    return 0;
}

/** The group is complete (every child delivered): frees its join record and task slots. */
void vx_join_release(Ctx* c, int j) {
    __global W* J = c->JOINS + j * JOIN_WORDS;
    int k = (int)J[J_K];
    for (int child = 1; child < k; child++) AXCHG(&c->TASKS[J[J_TASK + child] * TASK_WORDS + T_STATE], T_FREE);
    AXCHG(&J[J_STATE], 0);
}

// ------------------------------------------------------------------------- arrays (ArrayCells)

/** Element i of the half array at a (KIND_ARRAY_HALF): its 32 bits (ArrayCells.half). */
inline int vx_half(__global W* H, W a, W i) { return (int)(H[a + 2 + (i >> 1)] >> ((int)(i & 1) << 5)); }

/** Writes the low 32 bits of v as element i of the half array at a (ArrayCells.setHalf). */
inline void vx_set_half(__global W* H, W a, W i, W v) {
    W at = a + 2 + (i >> 1);
    int sh = (int)(i & 1) << 5;
    H[at] = (W)(((ulong)H[at] & ~(0xFFFFFFFFUL << sh)) | (((ulong)v & 0xFFFFFFFFUL) << sh));
}

/** ArrayCells.fill: n copies of v (consumed) in a new array of `kind`. */
W vx_array_fill(Ctx* c, W n, W v, int kind) {
    if (n > 2147483647L - 16) return vx_err(c, E_OOM, 2 + (kind == KIND_ARRAY_HALF ? (n + 1) >> 1 : n), 0, 0);
    int len = (int)n;
    int words = vx_array_payload(kind, len);
    W a = vx_new_variable(c, kind, len, words);
    if (a == 0) return vx_err(c, E_OOM, 2 + words, 0, 0);
    __global W* H = c->H;
    int packed = kind == KIND_ARRAY_HALF;
    W w = packed ? (W)(((ulong)v & 0xFFFFFFFFUL) | ((ulong)v << 32)) : v;
    for (int i = 0; i < words; i++) H[a + 2 + i] = w;
    if (packed && (len & 1) != 0) H[a + 1 + words] = (W)((ulong)v & 0xFFFFFFFFUL);
    if (kind == KIND_ARRAY_REF) {
        if (len == 0) vx_drop(c, v);
        else vx_dup_many(H, v, (W)len - 1);
    }
    return a;
}

/** ArrayCells.copy: a new array of `kind` with n elements from `from`, duplicating references except at index `skip`. */
W vx_array_copy(Ctx* c, W a, int from, int n, int kind, int skip) {
    int words = vx_array_payload(kind, n);
    W b = vx_new_variable(c, kind, n, words);
    if (b == 0) return vx_err(c, E_OOM, 2 + words, 0, 0);
    __global W* H = c->H;
    if (kind == KIND_ARRAY_HALF) {
        for (int k = 0; k < words; k++) {
            ulong lo = (uint)vx_half(H, a, from + 2 * k);
            ulong hi = 2 * k + 1 < n ? (uint)vx_half(H, a, from + 2 * k + 1) : 0;
            H[b + 2 + k] = (W)(lo | (hi << 32));
        }
    } else {
        for (int k = 0; k < n; k++) H[b + 2 + k] = H[a + 2 + from + k];
    }
    if (kind == KIND_ARRAY_REF) {
        for (int k = 0; k < n; k++) if (k != skip) vx_dup(H, H[b + 2 + k]);
    }
    return b;
}

/** ArrayCells.set: a with element i set to v; consumes a and v; in place when a is unique. */
W vx_array_set(Ctx* c, W a, W i, W v) {
    __global W* H = c->H;
    W len = H[a + 1];
    if (i >= len) return vx_err(c, E_INDEX, i, len, 0);
    int kind = CTOR(H[a]);
    int refs = kind == KIND_ARRAY_REF;
    W at = a + 2 + i;
    if (vx_is_unique(H, a)) {
        if (kind == KIND_ARRAY_HALF) {
            vx_set_half(H, a, i, v);
            return a;
        }
        // a shared array (held once) must only reach shared cells (ArrayCells.set)
        if (refs && H[a] < 0 && !vx_mark_shared(c, v)) return vx_err(c, E_OOM, 0, 0, 0);
        W old = H[at];
        H[at] = v;
        if (refs) vx_drop(c, old);
        return a;
    }
    W b = vx_array_copy(c, a, 0, (int)len, kind, (int)i);
    if (b == 0) return 0;
    if (kind == KIND_ARRAY_HALF) vx_set_half(H, b, i, v);
    else H[b + 2 + i] = v;
    vx_drop(c, a);
    return b;
}

/** ArrayCells.take after its index check: a[i] owned; moved out of a unique array (a hole, 0, in its slot), else duplicated. */
W vx_array_take(__global W* H, W a, W i) {
    W at = a + 2 + i;
    W v = H[at];
    if (vx_is_unique(H, a)) H[at] = 0;
    else vx_dup(H, v);
    return v;
}

/** ArrayCells.slice: a new array of a[from .. to-1] (a borrowed). */
W vx_array_slice(Ctx* c, W a, W from, W to) {
    __global W* H = c->H;
    W len = H[a + 1];
    if (from > to || to > len) return vx_err(c, E_ASLICE, from, to, len);
    return vx_array_copy(c, a, (int)from, (int)(to - from), CTOR(H[a]), -1);
}

// ------------------------------------------------------------------------- strings (Strings, Prims)

inline int str_bytes(__global W* H, W s) { return (int)H[s + 1]; }
inline int str_cps(__global W* H, W s) { return (int)((UW)H[s + 1] >> 32); }
inline int str_byte(__global W* H, W s, int i) { return (int)((UW)H[s + 2 + (i >> 3)] >> ((i & 7) * 8)) & 0xFF; }

/** A new string cell of `len` bytes and `cps` code points, its payload zeroed; 0 when the heap is full. */
W vx_str_new(Ctx* c, int len, int cps) {
    int payload = (len + 7) >> 3;
    W a = vx_new_variable(c, KIND_STRING, ((W)cps << 32) | (W)len, payload);
    if (a == 0) return vx_err(c, E_OOM, 2 + payload, 0, 0);
    for (int w = 0; w < payload; w++) c->H[a + 2 + w] = 0;
    return a;
}

inline void str_put(__global W* H, W s, int i, int b) {
    H[s + 2 + (i >> 3)] |= (W)(b & 0xFF) << ((i & 7) * 8);
}

/** Strings.equal. */
W vx_str_eq(__global W* H, W a, W b) {
    if (a == b) return 1;
    W la = H[a + 1];
    if (la != H[b + 1]) return 0;
    int words = ((int)la + 7) >> 3;
    for (int i = 0; i < words; i++) if (H[a + 2 + i] != H[b + 2 + i]) return 0;
    return 1;
}

/** Strings.compare: -1, 0, 1 by code point (UTF-8 byte) order. */
W vx_str_cmp(__global W* H, W a, W b) {
    int la = str_bytes(H, a);
    int lb = str_bytes(H, b);
    int n = la < lb ? la : lb;
    for (int i = 0; i < n; i++) {
        int x = str_byte(H, a, i);
        int y = str_byte(H, b, i);
        if (x != y) return x < y ? -1 : 1;
    }
    return la < lb ? -1 : la == lb ? 0 : 1;
}

/** Strings.concat. */
W vx_str_concat(Ctx* c, W a, W b) {
    __global W* H = c->H;
    int na = str_bytes(H, a);
    int nb = str_bytes(H, b);
    if ((W)na + (W)nb > 2147483647L - 64) return vx_err(c, E_STRLONG, 0, 0, 0);
    W s = vx_str_new(c, na + nb, str_cps(H, a) + str_cps(H, b));
    if (s == 0) return 0;
    for (int i = 0; i < na; i++) str_put(H, s, i, str_byte(H, a, i));
    for (int i = 0; i < nb; i++) str_put(H, s, na + i, str_byte(H, b, i));
    return s;
}

/**
 * Strings.append: a ++ b, consuming a. In place when a is held once and its block has room
 * (Allocator.growInPlace: the same words, or the same large class), the growth counted as
 * allocated; else a new cell, and a is dropped.
 */
W vx_str_append(Ctx* c, W a, W b) {
    __global W* H = c->H;
    int na = str_bytes(H, a);
    int nb = str_bytes(H, b);
    if ((W)na + (W)nb > 2147483647L - 64) return vx_err(c, E_STRLONG, 0, 0, 0);
    int len = na + nb;
    int oldw = 2 + ((na + 7) >> 3);
    int neww = 2 + ((len + 7) >> 3);
    int fits = neww == oldw || (oldw > SMALL_MAX && large_class(oldw) == large_class(neww));
    if (a == b || !fits || !vx_is_unique(H, a)) {
        W s = vx_str_concat(c, a, b);
        if (s != 0) vx_drop(c, a);
        return s;
    }
    c->allocw += neww - oldw;
    c->live += neww - oldw;
    if (c->live > c->peaklive) c->peaklive = c->live;
    for (int w = oldw; w < neww; w++) H[a + w] = 0; // str_put ORs its bytes in
    for (int i = 0; i < nb; i++) str_put(H, a, na + i, str_byte(H, b, i));
    H[a + 1] = ((W)(str_cps(H, a) + str_cps(H, b)) << 32) | (W)len;
    return a;
}

/** The byte offset of code point `cp` in s (valid UTF-8). */
int str_offset(__global W* H, W s, int cp) {
    int n = str_bytes(H, s);
    int seen = 0;
    for (int i = 0; i < n; i++) {
        if ((str_byte(H, s, i) & 0xC0) != 0x80) {
            if (seen == cp) return i;
            seen++;
        }
    }
    return n;
}

/** Prims.slice: code points from .. to-1. */
W vx_str_slice(Ctx* c, W s, W from, W to) {
    __global W* H = c->H;
    W len = str_cps(H, s);
    if (from > to || to > len) return vx_err(c, E_SSLICE, from, to, len);
    int b = str_offset(H, s, (int)from);
    int e = str_offset(H, s, (int)to);
    W out = vx_str_new(c, e - b, (int)(to - from));
    if (out == 0) return 0;
    for (int i = b; i < e; i++) str_put(H, out, i - b, str_byte(H, s, i));
    return out;
}

/** Long.toString / Long.toUnsignedString as a new string. */
W vx_show_int(Ctx* c, W v, int unsignedWord) {
    char buf[24];
    int n = 0;
    int neg = !unsignedWord && v < 0;
    UW u = neg ? (UW)0 - (UW)v : (UW)v;
    do {
        buf[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u != 0);
    int len = n + (neg ? 1 : 0);
    W s = vx_str_new(c, len, len);
    if (s == 0) return 0;
    int at = 0;
    if (neg) str_put(c->H, s, at++, '-');
    for (int i = n - 1; i >= 0; i--) str_put(c->H, s, at++, buf[i]);
    return s;
}

/** Prims.codePoints: the code points of s as a list (cells allocated from the last one, as on the CPU). */
W vx_str_code_points(Ctx* c, W s, int listCtor) {
    __global W* H = c->H;
    W list = listCtor;
    int p = str_bytes(H, s);
    while (p > 0) {
        int start = p - 1;
        while (start > 0 && (str_byte(H, s, start) & 0xC0) == 0x80) start--;
        int b0 = str_byte(H, s, start);
        int n = p - start;
        int cp = n == 1 ? b0 : n == 2 ? (b0 & 0x1F) : n == 3 ? (b0 & 0x0F) : (b0 & 0x07);
        for (int i = start + 1; i < p; i++) cp = (cp << 6) | (str_byte(H, s, i) & 0x3F);
        W cell = vx_new_cell(c, listCtor + 1, 2);
        if (cell == 0) return vx_err(c, E_OOM, 0, 0, 0);
        H[cell + 1] = cp;
        H[cell + 2] = list;
        list = cell;
        p = start;
    }
    return list;
}

/** Prims.fromCodePoints: the string of a list of code points; an error for a value that is not a scalar value. */
W vx_str_from_code_points(Ctx* c, W list) {
    __global W* H = c->H;
    long bytes = 0;
    int cps = 0;
    for (W v = list; v >= HEAP_BASE; v = H[v + 2]) {
        W cp = H[v + 1];
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return vx_err(c, E_FROMCP, cp, 0, 0);
        bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        cps++;
    }
    if (bytes > 2147483647L - 64) return vx_err(c, E_STRLONG, 0, 0, 0);
    W s = vx_str_new(c, (int)bytes, cps);
    if (s == 0) return 0;
    int at = 0;
    for (W v = list; v >= HEAP_BASE; v = H[v + 2]) {
        int cp = (int)H[v + 1];
        if (cp < 0x80) {
            str_put(H, s, at++, cp);
        } else if (cp < 0x800) {
            str_put(H, s, at++, 0xC0 | (cp >> 6));
            str_put(H, s, at++, 0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            str_put(H, s, at++, 0xE0 | (cp >> 12));
            str_put(H, s, at++, 0x80 | ((cp >> 6) & 0x3F));
            str_put(H, s, at++, 0x80 | (cp & 0x3F));
        } else {
            str_put(H, s, at++, 0xF0 | (cp >> 18));
            str_put(H, s, at++, 0x80 | ((cp >> 12) & 0x3F));
            str_put(H, s, at++, 0x80 | ((cp >> 6) & 0x3F));
            str_put(H, s, at++, 0x80 | (cp & 0x3F));
        }
    }
    return s;
}
