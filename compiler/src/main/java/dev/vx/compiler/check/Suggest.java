package dev.vx.compiler.check;

/** "Did you mean" suggestions by edit distance. */
final class Suggest {
    private Suggest() {
    }

    /**
     * The candidate closest to {@code name} (optimal string alignment distance, so a swap of
     * two letters counts once), if it is close enough to be a plausible typo; else null.
     * Letters are compared ignoring case first ({@code u32} is {@code U32} mistyped, not
     * {@code F32}), then exactly; remaining ties go to the alphabetically first candidate, so
     * messages are deterministic.
     */
    static String closest(String name, Iterable<String> candidates) {
        int limit = name.length() <= 3 ? 1 : name.length() <= 6 ? 2 : 3;
        String folded = name.toLowerCase(java.util.Locale.ROOT);
        String best = null;
        int bestDistance = limit + 1;
        int bestExact = Integer.MAX_VALUE;
        for (String c : candidates) {
            if (c.equals(name) || Math.abs(c.length() - name.length()) > limit || c.startsWith("__")) {
                continue;
            }
            int d = distance(folded, c.toLowerCase(java.util.Locale.ROOT));
            if (d > limit) {
                continue;
            }
            int exact = distance(name, c);
            if (d < bestDistance || (d == bestDistance && (exact < bestExact
                    || (exact == bestExact && c.compareTo(best) < 0)))) {
                best = c;
                bestDistance = d;
                bestExact = exact;
            }
        }
        return best;
    }

    static int distance(String a, String b) {
        int n = a.length();
        int m = b.length();
        int[] prev2 = new int[m + 1];
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= n; i++) {
            cur[0] = i;
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, prev2[j - 2] + 1);
                }
                cur[j] = d;
            }
            int[] t = prev2;
            prev2 = prev;
            prev = cur;
            cur = t;
        }
        return prev[m];
    }
}
