package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The static call graph of the lowered functions (direct calls, tail calls, jobs). */
final class CallGraph {
    private CallGraph() {}

    /** By function: a component id, equal for functions that can reach each other (Tarjan, iterative). */
    static int[] components(List<IrFunction> functions) {
        int n = functions.size();
        int[][] succ = new int[n][];
        for (int f = 0; f < n; f++) {
            Set<Integer> s = new LinkedHashSet<>();
            for (IrFunction.Block b : functions.get(f).blocks) {
                for (IrInsn i : b.insns) {
                    if (i.op == Opcode.CALL || i.op == Opcode.JOB) s.add(i.ops[1]);
                    else if (i.op == Opcode.TCALL) s.add(i.ops[0]);
                }
            }
            succ[f] = s.stream().mapToInt(Integer::intValue).toArray();
        }
        int[] index = new int[n];
        int[] low = new int[n];
        int[] comp = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        int counter = 0;
        int comps = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) continue;
            // Explicit DFS: frames of (node, next successor position).
            List<int[]> dfs = new ArrayList<>();
            dfs.add(new int[]{root, 0});
            index[root] = low[root] = counter++;
            stack.push(root);
            onStack[root] = true;
            while (!dfs.isEmpty()) {
                int[] top = dfs.get(dfs.size() - 1);
                int v = top[0];
                if (top[1] < succ[v].length) {
                    int w = succ[v][top[1]++];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack.push(w);
                        onStack[w] = true;
                        dfs.add(new int[]{w, 0});
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                dfs.remove(dfs.size() - 1);
                if (!dfs.isEmpty()) {
                    int parent = dfs.get(dfs.size() - 1)[0];
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    int w;
                    do {
                        w = stack.pop();
                        onStack[w] = false;
                        comp[w] = comps;
                    } while (w != v);
                    comps++;
                }
            }
        }
        return comp;
    }
}
