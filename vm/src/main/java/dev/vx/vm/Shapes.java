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
    /** By constructor id: the position among its type's constructors. */
    public final int[] tag;
    /** By constructor id: the function a closure shape runs, or -1. */
    public final int[] closureFunction;

    public Shapes(Module m) {
        int n = Layout.FIRST_CTOR + m.ctors().size();
        refFields = new int[n][];
        tag = new int[n];
        closureFunction = new int[n];
        java.util.Arrays.fill(closureFunction, -1);
        for (int i = 0; i < Layout.FIRST_CTOR; i++) refFields[i] = new int[0];
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
            TypeDesc t = m.type(c.type());
            tag[id] = id - t.firstCtor();
            closureFunction[id] = c.closureFunction();
        }
    }
}
