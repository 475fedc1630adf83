package dev.vx.bench.twins;

/**
 * Twin of classic/attention.vx and bench/programs/attention.vx: online-softmax attention
 * forward in F32 (float), tiles of 64 keys, head dimension 64, Q = K = 1, V[j][d] = 0.01 * j,
 * with the Vx program's operation order. Prints F32.fmt(o[0][0], 3).
 *
 * <p>F32.exp is Base's; with these inputs every call is exp(0.0f) = 1.0f, which Math.exp
 * gives exactly too, so the twin's (float) Math.exp matches bit for bit.
 */
public final class Attention {
    private Attention() {}

    static final int D = 64;
    static final int TILE = 64;

    static float score(float[] q, int qo, float[] k, int j) {
        float acc = 0.0f;
        int ko = j * D;
        for (int d = 0; d < D; d++) {
            acc = acc + q[qo + d] * k[ko + d];
        }
        return acc * 0.125f;
    }

    static float[] attend(float[] q, float[] k, float[] v, int nk, int i) {
        int qo = i * D;
        float m = score(q, qo, k, 0);
        float l = 0.0f;
        float[] o = new float[D];
        float[] s = new float[TILE];
        for (int j0 = 0; j0 < nk; j0 += TILE) {
            for (int t = 0; t < TILE; t++) {
                s[t] = score(q, qo, k, j0 + t);
            }
            float mt = m;
            for (int t = 0; t < TILE; t++) {
                mt = Math.max(mt, s[t]);
            }
            float corr = (float) Math.exp(m - mt);
            for (int t = 0; t < TILE; t++) {
                s[t] = (float) Math.exp(s[t] - mt);
            }
            float lt = 0.0f;
            for (int t = 0; t < TILE; t++) {
                lt = lt + s[t];
            }
            for (int d = 0; d < D; d++) {
                float acc = 0.0f;
                for (int t = 0; t < TILE; t++) {
                    acc = acc + s[t] * v[(j0 + t) * D + d];
                }
                o[d] = o[d] * corr + acc;
            }
            m = mt;
            l = l * corr + lt;
        }
        for (int d = 0; d < D; d++) {
            o[d] = o[d] / l;
        }
        return o;
    }

    /** The output rows of all nq queries. */
    public static float[][] run(int nk, int nq) {
        float[] q = new float[nq * D];
        float[] k = new float[nk * D];
        float[] v = new float[nk * D];
        java.util.Arrays.fill(q, 1.0f);
        java.util.Arrays.fill(k, 1.0f);
        for (int i = 0; i < nk * D; i++) {
            v[i] = (float) (i / D) * 0.01f;
        }
        float[][] out = new float[nq][];
        for (int i = 0; i < nq; i++) {
            out[i] = attend(q, k, v, nk, i);
        }
        return out;
    }

    public static void main(String[] args) {
        int nk = Args.u32(args, 0, 1024);
        int nq = Args.u32(args, 1, 128);
        float[][] out = run(nk, nq);
        float o00 = nq == 0 ? 0.0f : out[0][0];
        System.out.print(VxFormat.fmtF32(o00, 3) + "\n");
    }
}
