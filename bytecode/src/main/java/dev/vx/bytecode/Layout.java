package dev.vx.bytecode;

/**
 * Constants of the heap and lane-stack layout that every engine shares (see docs/vm.md).
 *
 * <p>A cell header word is {@code rc << 32 | ctor << 16 | size}: the reference count in the
 * high 32 bits (positive: owned by one lane; negative: shared between lanes, updated
 * atomically, count = -rc; zero: immortal), the constructor or kind id in bits 16..31, and the
 * number of field words in bits 0..15 (0 for the variable-sized kinds, whose length is in the
 * word after the header).
 */
public final class Layout {
    private Layout() {}

    /** Words in every lane's stack of continuation frames. */
    public static final int LANE_STACK_WORDS = 2048;
    /** The resume word of an exit frame (the top word of the 3-word frame). */
    public static final long FID_EXIT = -1L;
    /** Words of an exit frame: block reference, word count, FID_EXIT. */
    public static final int EXIT_FRAME_WORDS = 3;
    /** Largest continuation frame (saved registers + resume word). */
    public static final int MAX_FRAME_WORDS = 256;
    /** A spill keeps at most this many words of the newest frames on the stack. */
    public static final int SPILL_KEEP_WORDS = 1024;
    /** A restore brings back at most this many words of the newest frames of a block. */
    public static final int RESTORE_WORDS = 1024;

    /** Heap words below this index are never allocated; values below it are immediates. */
    public static final int HEAP_BASE = 4096;
    /** Nullary constructors are the immediate value of their id, which must be below this. */
    public static final int IMMEDIATE_LIMIT = HEAP_BASE;

    // Kind ids of the cells that are not constructors (header bits 16..31).
    public static final int KIND_STRING = 0;
    public static final int KIND_ARRAY_SCALAR = 1;
    public static final int KIND_ARRAY_REF = 2;
    public static final int KIND_SPILL = 3;
    public static final int KIND_FREE = 4;
    /**
     * An array of scalars of 32 bits or fewer ({@link #isHalfElement}), two elements to a word:
     * element i is in word {@code 2 + i / 2} of the cell, in its low half when i is even (the
     * first four bytes of the word on a little-endian machine, as in a Java {@code int[]}).
     * A half holds the element's low 32 bits: an I32 read back is sign-extended, the others
     * zero-extended, so a register always holds a value's one word form.
     */
    public static final int KIND_ARRAY_HALF = 5;
    /** The first constructor id; the module's constructor i has id FIRST_CTOR + i. */
    public static final int FIRST_CTOR = 16;
    public static final int MAX_CTOR_ID = 0xFFFF;

    public static final int MAX_REGISTERS = 16384;
    public static final int MAX_ARGS = 255;
    public static final int MAX_FIELDS = 0xFFFF;

    /** Whether arrays of element type {@code typeId} are {@link #KIND_ARRAY_HALF}: Bool, U32, I32, F32 and Unit. */
    public static boolean isHalfElement(int typeId) {
        return typeId == Scalar.BOOL.typeId() || typeId == Scalar.U32.typeId() || typeId == Scalar.I32.typeId()
                || typeId == Scalar.F32.typeId() || typeId == Scalar.UNIT.typeId();
    }

    /** The cell kind of the arrays of module m's array type {@code arrayType}. */
    public static int arrayKind(Module m, int arrayType) {
        int element = m.type(arrayType).element();
        if (m.type(element).isRef()) return KIND_ARRAY_REF;
        return isHalfElement(element) ? KIND_ARRAY_HALF : KIND_ARRAY_SCALAR;
    }

    /** Words after the length word of an array of kind {@code kind} with {@code n} elements. */
    public static int arrayPayload(int kind, int n) {
        return kind == KIND_ARRAY_HALF ? (int) ((n + 1L) >>> 1) : n;
    }

    public static long header(int rc, int ctor, int size) {
        return ((long) rc << 32) | ((long) (ctor & 0xFFFF) << 16) | (size & 0xFFFF);
    }

    public static int rc(long header) {
        return (int) (header >> 32);
    }

    public static int ctor(long header) {
        return (int) (header >>> 16) & 0xFFFF;
    }

    public static int size(long header) {
        return (int) header & 0xFFFF;
    }

    /** A function has fewer call sites than this (the site ordinal's field in a resume word). */
    public static final int MAX_SITES = 1 << 20;

    /**
     * Resume word of a call site: function index in the high half; in the low half the size
     * of the site's frame in words (bits 20 to 31) and the site ordinal (bits 0 to 19). The
     * frame size is there so that the frame walks of spill and restore, which go from frame
     * to frame down a stack, read one word per frame and no table.
     */
    public static long resumeWord(int function, int site, int frameWords) {
        return ((long) function << 32) | ((long) frameWords << 20) | site;
    }

    public static int resumeFunction(long word) {
        return (int) (word >>> 32);
    }

    public static int resumeSite(long word) {
        return (int) word & (MAX_SITES - 1);
    }

    /** The frame size in a resume word (not of {@link #FID_EXIT}, whose frame is {@link #EXIT_FRAME_WORDS}). */
    public static int resumeFrameWords(long word) {
        return (int) (word >>> 20) & 0xFFF;
    }
}
