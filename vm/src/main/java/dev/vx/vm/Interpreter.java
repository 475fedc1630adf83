package dev.vx.vm;

import dev.vx.bytecode.Layout;

import static dev.vx.vm.Code.*;

/**
 * The reference engine: a work loop over pre-decoded bytecode. It runs one lane until the lane
 * finishes, waits (at a {@code join} or for a job) or fails. Vx calls never recurse on the JVM
 * stack: a call pushes a continuation frame on the lane stack and jumps; a return pops one.
 *
 * <p>One interpreter per worker thread (it owns a scratch buffer for argument moves).
 */
public final class Interpreter implements Engine {
    /** Instructions between two looks at the scheduler's attention flag (heap growth, stop). */
    static final int SLICE = 1024;

    private final Program prog;
    private final long[] tmp = new long[Layout.MAX_ARGS + 2];
    /**
     * Mixed mode (the JIT's tiering), else null. By function: calls left before the function
     * is handed to the other engine; negative once that engine runs it. A call that brings
     * its callee's count below zero, and a return into a frame of a function whose count is
     * negative, stop this loop with {@link Lane#handoff} set and the lane ready to run at
     * {@code (lane.function, lane.pc)} with its registers in {@code lane.regs}, exactly as
     * when a lane waits.
     */
    private final int[] handOff;

    public Interpreter(Program prog) {
        this(prog, null);
    }

    /** An interpreter for mixed mode: see {@link #handOff}. */
    public Interpreter(Program prog, int[] handOff) {
        this.prog = prog;
        this.handOff = handOff;
    }

    @Override
    public String name() {
        return "interp";
    }

    @Override
    public void run(Lane lane, Worker w) {
        final Program prog = this.prog;
        final Allocator alloc = w.alloc;
        final Heap heap = alloc.heap();
        final Stats stats = w.stats;
        final Shapes shapes = prog.shapes;
        final long[] constants = prog.module.constants();
        final long[] st = lane.stack;
        final long[] tmp = this.tmp;
        final long[] r = lane.regs;
        long[] h = heap.words;
        int sp = lane.sp;
        int peak = stats.peakStackWords;
        int f = lane.function;
        int[] code = prog.code[f];
        int pc = lane.pc;
        int budget = SLICE;
        long slices = 0;
        long calls = 0;
        try {
            while (true) {
                if (--budget == 0) {
                    slices++;
                    budget = SLICE;
                    if (w.needsAttention()) {
                        w.attend();
                        h = heap.words;
                    }
                }
                switch (code[pc]) {
                    case NOP -> pc += 1;
                    case MOV -> { r[code[pc + 1]] = r[code[pc + 2]]; pc += 3; }
                    case LDI -> { r[code[pc + 1]] = code[pc + 2]; pc += 3; }
                    case LDK -> { r[code[pc + 1]] = constants[code[pc + 2]]; pc += 3; }
                    case LDS -> { r[code[pc + 1]] = prog.stringCells[code[pc + 2]]; pc += 3; }

                    case ADD_U32 -> { r[code[pc + 1]] = Ops.addU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SUB_U32 -> { r[code[pc + 1]] = Ops.subU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case MUL_U32 -> { r[code[pc + 1]] = Ops.mulU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_U32 -> { r[code[pc + 1]] = Ops.divU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_U32 -> { r[code[pc + 1]] = Ops.remU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ADD_I32 -> { r[code[pc + 1]] = Ops.addI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SUB_I32 -> { r[code[pc + 1]] = Ops.subI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case MUL_I32 -> { r[code[pc + 1]] = Ops.mulI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_I32 -> { r[code[pc + 1]] = Ops.divI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_I32 -> { r[code[pc + 1]] = Ops.remI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ADD_64 -> { r[code[pc + 1]] = Ops.add64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SUB_64 -> { r[code[pc + 1]] = Ops.sub64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case MUL_64 -> { r[code[pc + 1]] = Ops.mul64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_U64 -> { r[code[pc + 1]] = Ops.divU64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_U64 -> { r[code[pc + 1]] = Ops.remU64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_I64 -> { r[code[pc + 1]] = Ops.divI64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_I64 -> { r[code[pc + 1]] = Ops.remI64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ADD_NAT -> { r[code[pc + 1]] = Ops.addNat(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SUB_NAT -> { r[code[pc + 1]] = Ops.subNat(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case MUL_NAT -> { r[code[pc + 1]] = Ops.mulNat(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_NAT -> { r[code[pc + 1]] = Ops.divNat(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_NAT -> { r[code[pc + 1]] = Ops.remNat(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ADD_F32 -> { r[code[pc + 1]] = Ops.addF32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SUB_F32 -> { r[code[pc + 1]] = Ops.subF32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case MUL_F32 -> { r[code[pc + 1]] = Ops.mulF32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_F32 -> { r[code[pc + 1]] = Ops.divF32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_F32 -> { r[code[pc + 1]] = Ops.remF32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ADD_F64 -> { r[code[pc + 1]] = Ops.addF64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SUB_F64 -> { r[code[pc + 1]] = Ops.subF64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case MUL_F64 -> { r[code[pc + 1]] = Ops.mulF64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case DIV_F64 -> { r[code[pc + 1]] = Ops.divF64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case REM_F64 -> { r[code[pc + 1]] = Ops.remF64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case NEG_I32 -> { r[code[pc + 1]] = Ops.negI32(r[code[pc + 2]]); pc += 3; }
                    case NEG_I64 -> { r[code[pc + 1]] = Ops.negI64(r[code[pc + 2]]); pc += 3; }
                    case NEG_F32 -> { r[code[pc + 1]] = Ops.negF32(r[code[pc + 2]]); pc += 3; }
                    case NEG_F64 -> { r[code[pc + 1]] = Ops.negF64(r[code[pc + 2]]); pc += 3; }
                    case SQRT_F32 -> { r[code[pc + 1]] = Ops.sqrtF32(r[code[pc + 2]]); pc += 3; }
                    case SQRT_F64 -> { r[code[pc + 1]] = Ops.sqrtF64(r[code[pc + 2]]); pc += 3; }

                    case AND -> { r[code[pc + 1]] = Ops.and(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case OR -> { r[code[pc + 1]] = Ops.or(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case XOR -> { r[code[pc + 1]] = Ops.xor(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case NOT_U32 -> { r[code[pc + 1]] = Ops.notU32(r[code[pc + 2]]); pc += 3; }
                    case NOT_64 -> { r[code[pc + 1]] = Ops.not64(r[code[pc + 2]]); pc += 3; }
                    case NOT_BOOL -> { r[code[pc + 1]] = Ops.notBool(r[code[pc + 2]]); pc += 3; }
                    case SHL_U32 -> { r[code[pc + 1]] = Ops.shlU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SHL_I32 -> { r[code[pc + 1]] = Ops.shlI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SHL_64 -> { r[code[pc + 1]] = Ops.shl64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SHR_U32 -> { r[code[pc + 1]] = Ops.shrU32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SHR_I32 -> { r[code[pc + 1]] = Ops.shrI32(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SHR_U64 -> { r[code[pc + 1]] = Ops.shrU64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case SHR_I64 -> { r[code[pc + 1]] = Ops.shrI64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }

                    case EQ -> { r[code[pc + 1]] = Ops.eq(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case NE -> { r[code[pc + 1]] = Ops.ne(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case LT_S -> { r[code[pc + 1]] = Ops.ltS(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case LE_S -> { r[code[pc + 1]] = Ops.leS(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case LT_U64 -> { r[code[pc + 1]] = Ops.ltU64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case LE_U64 -> { r[code[pc + 1]] = Ops.leU64(r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case EQ_F32 -> { r[code[pc + 1]] = Ops.bool(Ops.eqF32(r[code[pc + 2]], r[code[pc + 3]])); pc += 4; }
                    case LT_F32 -> { r[code[pc + 1]] = Ops.bool(Ops.ltF32(r[code[pc + 2]], r[code[pc + 3]])); pc += 4; }
                    case LE_F32 -> { r[code[pc + 1]] = Ops.bool(Ops.leF32(r[code[pc + 2]], r[code[pc + 3]])); pc += 4; }
                    case EQ_F64 -> { r[code[pc + 1]] = Ops.bool(Ops.eqF64(r[code[pc + 2]], r[code[pc + 3]])); pc += 4; }
                    case LT_F64 -> { r[code[pc + 1]] = Ops.bool(Ops.ltF64(r[code[pc + 2]], r[code[pc + 3]])); pc += 4; }
                    case LE_F64 -> { r[code[pc + 1]] = Ops.bool(Ops.leF64(r[code[pc + 2]], r[code[pc + 3]])); pc += 4; }
                    case CONV -> { r[code[pc + 1]] = Ops.convert(r[code[pc + 2]], code[pc + 3]); pc += 4; }

                    case JMP -> pc = code[pc + 1];
                    case JT -> pc = r[code[pc + 1]] != 0 ? code[pc + 2] : pc + 3;
                    case JF -> pc = r[code[pc + 1]] == 0 ? code[pc + 2] : pc + 3;
                    case SWITCH -> {
                        long v = r[code[pc + 1]];
                        int id = v < Layout.HEAP_BASE ? (int) v : Layout.ctor(h[(int) v]);
                        int tag = id - code[pc + 2];
                        // Only a module with broken reference counts (a cell reused by another
                        // type) gets here with a tag outside the table; never jump through it.
                        if (Integer.compareUnsigned(tag, code[pc + 3]) >= 0) throw Ops.switchOutsideType();
                        pc = code[pc + 4 + tag];
                    }

                    case CALL, CALLC, JOB, FCALL -> {
                        // [op site d callee n args... n saves... (j child)]
                        int op = code[pc];
                        int na = code[pc + 4];
                        int sb = pc + 5 + na;
                        int ns = code[sb];
                        int callee;
                        int argBase = 0;
                        if (op == CALLC) {
                            long clo = r[code[pc + 3]];
                            callee = shapes.closureFunction[Layout.ctor(h[(int) clo])];
                            tmp[0] = clo;
                            argBase = 1;
                        } else {
                            callee = code[pc + 3];
                        }
                        if (op == FCALL) {
                            long jv = r[code[sb + 1 + ns]];
                            if (jv != 0) {
                                JoinRecord j = lane.joins[(int) jv - 1];
                                int child = code[sb + 2 + ns];
                                if (child > 0) {
                                    if (!w.claim(j.tasks[child])) {
                                        j.stolen[child] = true;
                                        pc = sb + 3 + ns;
                                        continue;
                                    }
                                    j.pending.decrementAndGet();
                                }
                                j.current = child;
                            }
                        } else if (op == JOB && !lane.inJob) {
                            long[] args = new long[na];
                            for (int i = 0; i < na; i++) args[i] = r[code[pc + 5 + i]];
                            lane.function = f;
                            lane.pc = sb + 1 + ns;
                            lane.sp = sp;
                            stats.jobs++;
                            w.startJob(lane, callee, args, code[pc + 2], pc);
                            return;
                        }
                        if (sp + ns + 1 > Layout.LANE_STACK_WORDS) {
                            sp = LaneStack.spill(st, sp, prog, alloc, stats);
                            h = heap.words;
                        }
                        for (int i = 0; i < ns; i++) st[sp++] = r[code[sb + 1 + i]];
                        st[sp++] = Layout.resumeWord(f, code[pc + 1], ns + 1);
                        if (sp > peak) peak = sp;
                        for (int i = 0; i < na; i++) tmp[argBase + i] = r[code[pc + 5 + i]];
                        System.arraycopy(tmp, 0, r, 0, argBase + na);
                        calls++;
                        f = callee;
                        code = prog.code[f];
                        pc = 0;
                        if (handOff != null && --handOff[f] < 0) {
                            handOver(lane, f, 0, sp);
                            return;
                        }
                    }
                    case TCALL -> {
                        int na = code[pc + 2];
                        for (int i = 0; i < na; i++) tmp[i] = r[code[pc + 3 + i]];
                        System.arraycopy(tmp, 0, r, 0, na);
                        calls++;
                        f = code[pc + 1];
                        code = prog.code[f];
                        pc = 0;
                        if (handOff != null && --handOff[f] < 0) {
                            handOver(lane, f, 0, sp);
                            return;
                        }
                    }
                    case TCALLC -> {
                        long clo = r[code[pc + 1]];
                        int na = code[pc + 2];
                        tmp[0] = clo;
                        for (int i = 0; i < na; i++) tmp[1 + i] = r[code[pc + 3 + i]];
                        System.arraycopy(tmp, 0, r, 0, na + 1);
                        calls++;
                        f = shapes.closureFunction[Layout.ctor(h[(int) clo])];
                        code = prog.code[f];
                        pc = 0;
                        if (handOff != null && --handOff[f] < 0) {
                            handOver(lane, f, 0, sp);
                            return;
                        }
                    }
                    case RET -> {
                        long v = r[code[pc + 1]];
                        while (true) {
                            long rw = st[--sp];
                            if (rw == Layout.FID_EXIT) {
                                if (st[0] == 0) {
                                    lane.sp = sp + 1;
                                    w.finished(lane, v);
                                    return;
                                }
                                sp = LaneStack.restore(st, prog, alloc, stats);
                                h = heap.words;
                                continue;
                            }
                            f = Layout.resumeFunction(rw);
                            code = prog.code[f];
                            int at = prog.sitePos[f][Layout.resumeSite(rw)];
                            int na = code[at + 4];
                            int sb = at + 5 + na;
                            int ns = code[sb];
                            sp -= ns;
                            for (int i = 0; i < ns; i++) r[code[sb + 1 + i]] = st[sp + i];
                            r[code[at + 2]] = v;
                            pc = sb + 1 + ns + (code[at] == FCALL ? 2 : 0);
                            if (handOff != null && handOff[f] < 0) {
                                handOver(lane, f, pc, sp);
                                return;
                            }
                            break;
                        }
                    }
                    case FORK -> {
                        int k = code[pc + 2];
                        stats.forks += k;
                        if (w.parallel()) {
                            r[code[pc + 1]] = publishChildren(prog, lane, w, r, code, pc, k, f, sp);
                        } else {
                            r[code[pc + 1]] = 0;
                        }
                        pc += 3;
                    }
                    case JOIN -> {
                        int k = code[pc + 2];
                        long jv = r[code[pc + 1]];
                        if (jv != 0) {
                            JoinRecord j = lane.joins[(int) jv - 1];
                            if (!j.arrived) {
                                j.arrived = true;
                                // The lane's state first: once the arrival is counted, the last
                                // child to deliver may resume the lane on another worker at once.
                                lane.function = f;
                                lane.pc = pc;
                                lane.sp = sp;
                                if (j.pending.decrementAndGet() != 0) {
                                    budget++; // it runs again when the lane resumes, and counts then
                                    return;
                                }
                            }
                            lane.joinDepth--;
                            for (int i = 1; i < k; i++) {
                                if (j.failures[i] != null) {
                                    // The first failed child in the group's order is the group's failure.
                                    lane.function = f;
                                    lane.pc = pc;
                                    lane.sp = sp;
                                    throw j.failures[i].under(Backtrace.of(prog, heap.words, f, j.callPc[i], st, sp));
                                }
                            }
                            for (int i = 1; i < k; i++) if (j.stolen[i]) r[code[pc + 3 + i]] = j.results[i];
                        }
                        pc += 3 + k;
                    }
                    case PANIC -> throw new VmError(Strings.toJava(h, r[code[pc + 1]]));
                    case EXIT -> throw new ProgramExit((int) r[code[pc + 1]]);

                    case NEW -> {
                        int n = code[pc + 3];
                        long a = alloc.newCell(code[pc + 2], n);
                        h = heap.words;
                        for (int i = 0; i < n; i++) h[(int) a + 1 + i] = r[code[pc + 4 + i]];
                        r[code[pc + 1]] = a;
                        pc += 4 + n;
                    }
                    case NEWR -> {
                        int n = code[pc + 4];
                        long a = r[code[pc + 2]];
                        if (a != 0) {
                            int ctor = code[pc + 3];
                            h[(int) a] = Allocator.rebuiltHeader(h[(int) a], Layout.header(1, ctor, n), shapes.refFields[ctor].length > 0);
                        } else {
                            a = alloc.newCell(code[pc + 3], n);
                            h = heap.words;
                        }
                        for (int i = 0; i < n; i++) h[(int) a + 1 + i] = r[code[pc + 5 + i]];
                        r[code[pc + 1]] = a;
                        pc += 5 + n;
                    }
                    case ALLOC -> {
                        r[code[pc + 1]] = alloc.newCell(code[pc + 2], code[pc + 3]);
                        h = heap.words;
                        pc += 4;
                    }
                    case GET -> { r[code[pc + 1]] = h[(int) r[code[pc + 2]] + 1 + code[pc + 3]]; pc += 4; }
                    case SETF -> { h[(int) r[code[pc + 1]] + 1 + code[pc + 3]] = r[code[pc + 4]]; pc += 5; }
                    case DUP -> { Allocator.dup(alloc, h, r[code[pc + 1]]); pc += 2; }
                    case DROP -> {
                        long v = r[code[pc + 1]];
                        if (!Allocator.dropFast(h, v)) {
                            // Freeing may wait for another worker's heap growth: reload the array.
                            alloc.drop(v);
                            h = heap.words;
                        }
                        pc += 2;
                    }
                    case FREE -> {
                        alloc.freeToken(r[code[pc + 1]]);
                        h = heap.words;
                        pc += 2;
                    }
                    case ISUNIQ -> { r[code[pc + 1]] = alloc.isUnique(r[code[pc + 2]]) ? 1 : 0; pc += 3; }

                    case ANEW -> {
                        r[code[pc + 1]] = ArrayCells.fill(alloc, r[code[pc + 2]], r[code[pc + 3]], code[pc + 4]);
                        h = heap.words;
                        pc += 5;
                    }
                    case AEMPTY -> {
                        r[code[pc + 1]] = alloc.newVariable(code[pc + 2], 0, 0);
                        h = heap.words;
                        pc += 3;
                    }
                    case AGET -> { r[code[pc + 1]] = ArrayCells.get(h, r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case AGET_HALF -> { r[code[pc + 1]] = ArrayCells.getHalf(h, r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case AGET_HALF_I32 -> { r[code[pc + 1]] = ArrayCells.getHalfSigned(h, r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ATAKE -> { r[code[pc + 1]] = ArrayCells.take(alloc, r[code[pc + 2]], r[code[pc + 3]]); pc += 4; }
                    case ASET -> {
                        r[code[pc + 1]] = ArrayCells.set(alloc, r[code[pc + 2]], r[code[pc + 3]], r[code[pc + 4]]);
                        h = heap.words;
                        pc += 5;
                    }
                    case ALEN -> { r[code[pc + 1]] = h[(int) r[code[pc + 2]] + 1]; pc += 3; }
                    case ASLICE -> {
                        r[code[pc + 1]] = ArrayCells.slice(alloc, r[code[pc + 2]], r[code[pc + 3]], r[code[pc + 4]]);
                        h = heap.words;
                        pc += 5;
                    }
                    case PRIM -> {
                        int n = code[pc + 3];
                        long a = n > 0 ? r[code[pc + 4]] : 0;
                        long b = n > 1 ? r[code[pc + 5]] : 0;
                        long c = n > 2 ? r[code[pc + 6]] : 0;
                        r[code[pc + 1]] = Prims.call(code[pc + 2], a, b, c, code[pc + 4 + n], alloc, w.host);
                        h = heap.words;
                        pc += 5 + n;
                    }
                    default -> throw new IllegalStateException("bad opcode " + code[pc] + " at " + pc);
                }
            }
        } catch (VmError e) {
            lane.function = f;
            lane.pc = pc;
            lane.sp = sp;
            throw new ProgramFailure(e.getMessage(), Backtrace.of(prog, heap.words, f, pc, st, sp));
        } catch (OutOfHeap e) {
            throw e.at(Backtrace.of(prog, heap.words, f, pc, st, sp));
        } catch (OutOfMemoryError e) {
            throw heap.jvmOutOfMemory().at(Backtrace.of(prog, heap.words, f, pc, st, sp));
        } finally {
            stats.steps += slices * SLICE + (SLICE - budget);
            stats.calls += calls;
            if (peak > stats.peakStackWords) stats.peakStackWords = peak;
        }
    }

    /** Stops the loop for mixed mode: the lane continues at {@code (f, pc)} in the other engine. */
    private static void handOver(Lane lane, int f, int pc, int sp) {
        lane.function = f;
        lane.pc = pc;
        lane.sp = sp;
        lane.handoff = true;
    }

    /**
     * Publishes a fork group's children 2..k as tasks other workers may take, and returns the
     * group's join handle. Their arguments become reachable from another thread, so they are
     * marked shared first.
     */
    static long publishChildren(Program prog, Lane lane, Worker w, long[] r, int[] code, int pc, int k, int f, int sp) {
        int[] callPc = new int[k];
        int p = pc + 3;
        for (int child = 0; child < k; child++) {
            callPc[child] = p;
            p = p + 8 + code[p + 4] + code[p + 5 + code[p + 4]];
        }
        JoinRecord j = new JoinRecord(lane, k, f, callPc, sp);
        for (int child = 1; child < k; child++) {
            p = callPc[child];
            int na = code[p + 4];
            int callee = code[p + 3];
            boolean[] refs = prog.paramIsRef[callee];
            long[] args = new long[na];
            for (int i = 0; i < na; i++) {
                args[i] = r[code[p + 5 + i]];
                if (refs[i]) w.alloc.markShared(args[i]);
            }
            j.tasks[child] = new Task.Child(j, child, callee, args, lane.inJob);
        }
        for (int child = k - 1; child >= 1; child--) w.publish(j.tasks[child]);
        return lane.pushJoin(j);
    }
}
