package dev.vx.bench.twins;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Twin of classic/sha256_merkle.vx and bench/programs/sha256_merkle.vx: a hand-written
 * SHA-256 (FIPS 180-4), four known digests, then the Merkle root over n leaves
 * (leaf i = SHA-256("leaf i"), parent = SHA-256(left ++ right), an odd level pairs its last
 * digest with itself, no leaves: SHA-256 of nothing).
 */
public final class Sha256Merkle {
    private Sha256Merkle() {}

    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };

    /** SHA-256 of msg, as 32 bytes. */
    public static byte[] sha256(byte[] msg) {
        int n = msg.length;
        int zeros = (119 - n % 64) % 64;
        byte[] m = new byte[n + 1 + zeros + 8];
        System.arraycopy(msg, 0, m, 0, n);
        m[n] = (byte) 0x80;
        long bits = (long) n * 8;
        for (int i = 0; i < 8; i++) {
            m[m.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        int[] hs = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        int[] w = new int[64];
        for (int base = 0; base < m.length; base += 64) {
            for (int t = 0; t < 16; t++) {
                int i = base + 4 * t;
                w[t] = (m[i] & 0xFF) << 24 | (m[i + 1] & 0xFF) << 16 | (m[i + 2] & 0xFF) << 8 | (m[i + 3] & 0xFF);
            }
            for (int t = 16; t < 64; t++) {
                int x = w[t - 15];
                int y = w[t - 2];
                int s0 = Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
                int s1 = Integer.rotateRight(y, 17) ^ Integer.rotateRight(y, 19) ^ (y >>> 10);
                w[t] = w[t - 16] + s0 + w[t - 7] + s1;
            }
            int a = hs[0], b = hs[1], c = hs[2], d = hs[3], e = hs[4], f = hs[5], g = hs[6], h = hs[7];
            for (int t = 0; t < 64; t++) {
                int s1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
                int ch = (e & f) ^ (~e & g);
                int t1 = h + s1 + ch + K[t] + w[t];
                int s0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
                int maj = (a & b) ^ (a & c) ^ (b & c);
                h = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + s0 + maj;
            }
            hs[0] += a;
            hs[1] += b;
            hs[2] += c;
            hs[3] += d;
            hs[4] += e;
            hs[5] += f;
            hs[6] += g;
            hs[7] += h;
        }
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = (byte) (hs[i / 4] >>> (24 - 8 * (i % 4)));
        }
        return out;
    }

    static String hex(byte[] d) {
        StringBuilder sb = new StringBuilder();
        for (byte b : d) {
            sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return sb.toString();
    }

    static byte[] pair(byte[] a, byte[] b) {
        byte[] m = new byte[64];
        System.arraycopy(a, 0, m, 0, 32);
        System.arraycopy(b, 0, m, 32, 32);
        return sha256(m);
    }

    public static byte[] merkleRoot(int n) {
        List<byte[]> level = new ArrayList<>();
        for (int i = 0; Integer.compareUnsigned(i, n) < 0; i++) {
            level.add(sha256(("leaf " + Integer.toUnsignedString(i)).getBytes(StandardCharsets.US_ASCII)));
        }
        if (level.isEmpty()) {
            return sha256(new byte[0]);
        }
        while (level.size() > 1) {
            List<byte[]> next = new ArrayList<>();
            for (int i = 0; i < level.size(); i += 2) {
                byte[] a = level.get(i);
                next.add(pair(a, i + 1 < level.size() ? level.get(i + 1) : a));
            }
            level = next;
        }
        return level.get(0);
    }

    static String text(String s) {
        return hex(sha256(s.getBytes(StandardCharsets.US_ASCII)));
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 4096);
        StringBuilder sb = new StringBuilder();
        sb.append(text("")).append('\n');
        sb.append(text("abc")).append('\n');
        sb.append(text("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).append('\n');
        sb.append(text("The quick brown fox jumps over the lazy dog")).append('\n');
        sb.append(hex(merkleRoot(n))).append('\n');
        System.out.print(sb);
    }
}
