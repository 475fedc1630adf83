package dev.vx.vm;

import dev.vx.bytecode.CtorDesc;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.TypeDesc;

/**
 * What the runtime needs to know of each constructor id, as flat arrays for the hot paths:
 * which fields hold references (for dropping and sharing), the tag, and the function of a
 * closure shape.
 */
public final class Shapes {
    /** By constructor id: the indices of the fields that hold references. */
    final int[][] refFields;
    /**
     * By constructor id: the reference fields in the order the freeing cascade releases them.
     * The last one is followed at once, the others wait on the work list, so the last is the
     * way the walk goes: a chain's only field of the cell's own type (a list's tail: the spine
     * first, its elements after), else the first field (a tree's left child: the order in which
     * the compiler lays a tree out, parent and then its fields in order).
     */
    final int[][] cascadeFields;
    /** By constructor id: the position among its type's constructors. */
    public final int[] tag;
    /** By constructor id: the function a closure shape runs, or -1. */
    public final int[] closureFunction;

    public Shapes(Module m) {
        int n = Layout.FIRST_CTOR + m.ctors().size();
        refFields = new int[n][];
        cascadeFields = new int[n][];
        tag = new int[n];
        closureFunction = new int[n];
        java.util.Arrays.fill(closureFunction, -1);
        for (int i = 0; i < Layout.FIRST_CTOR; i++) {
            refFields[i] = new int[0];
            cascadeFields[i] = new int[0];
        }
        for (int i = 0; i < m.ctors().size(); i++) {
            int id = Layout.FIRST_CTOR + i;
            CtorDesc c = m.ctors().get(i);
            int[] fields = c.fields();
            int refs = 0;
            for (int f : fields) if (m.type(f).isRef()) refs++;
            int[] r = new int[refs];
            int k = 0;
            for (int j = 0; j < fields.length; j++) if (m.type(fields[j]).isRef()) r[k++] = j;
            refFields[id] = r;
            cascadeFields[id] = cascadeOrder(r, fields, c.type());
            TypeDesc t = m.type(c.type());
            tag[id] = id - t.firstCtor();
            closureFunction[id] = c.closureFunction();
        }
    }

    /** {@code refs} reordered for the cascade: the others last first, then the field to follow. */
    private static int[] cascadeOrder(int[] refs, int[] fieldTypes, int ownType) {
        int follow = refs.length > 0 ? refs[0] : -1;
        int ownTyped = 0;
        int spine = -1;
        for (int f : refs) {
            if (fieldTypes[f] == ownType) {
                ownTyped++;
                spine = f;
            }
        }
        if (ownTyped == 1) follow = spine;
        int[] order = new int[refs.length];
        int k = 0;
        for (int i = refs.length - 1; i >= 0; i--) if (refs[i] != follow) order[k++] = refs[i];
        if (follow >= 0) order[k] = follow;
        return order;
    }
}
