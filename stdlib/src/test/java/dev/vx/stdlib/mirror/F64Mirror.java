package dev.vx.stdlib.mirror;

/**
 * Java mirror of Base's binary64 math, {@code stdlib/src/main/resources/vx/base/float64.vx}.
 *
 * <p>Every method here has a Vx twin of the same short name ({@code exp} is {@code F64.exp},
 * {@code exp_reduce} is {@code Fdlibm.exp_reduce}, ...) that performs the same IEEE operations in
 * the same order, so the Vx code can be checked against this class bit for bit once the VM runs.
 * Only operations Vx has are used: {@code + - * /} and {@code sqrt} (correctly rounded, never
 * fused), comparisons, casts (Java's {@code (int)}/{@code (long)} of a double truncate, saturate and
 * map NaN to 0, exactly like Vx's {@code F64.to_i32}/{@code F64.to_i64}), raw bit conversions,
 * integer arithmetic on {@code int}/{@code long} (Vx {@code I32}/{@code U64}) and {@code floor}.
 * No {@code StrictMath}/{@code Math} transcendental function is called.
 *
 * <p>The algorithms are those of fdlibm 5.3 (the library behind {@code StrictMath}); this class and
 * the Vx code reproduce its results bit for bit, except: tanh is more accurate than fdlibm's (a
 * polynomial for |x| < 0.55 and a double-double division above); pow for |y| > 2^31 and x within
 * 2^-20 of 1 takes the general extra-precision path instead of fdlibm's short series (which is
 * off by hundreds of ulp); pow follows C99 Annex F for {@code pow(1, y) = 1} (every y) and
 * {@code pow(-1, ±inf) = 1}; and NaN payloads (an input NaN is returned unchanged, an invalid
 * operation gives the canonical NaN {@code 0x7FF8000000000000}).
 *
 * <pre>
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 * </pre>
 */
public final class F64Mirror {
    private F64Mirror() {}

    /** (n, y0, y1): the result of an argument reduction by pi/2 (Vx: a tuple (I32, F64, F64)). */
    record R3(int n, double y0, double y1) {}

    /** A pair of doubles (Vx: (F64, F64)). */
    record D2(double a, double b) {}

    // ---------------------------------------------------------------- bit helpers

    static long bits(double x) {
        return Double.doubleToRawLongBits(x); // Vx: F64.to_bits
    }

    static double from_bits(long b) {
        return Double.longBitsToDouble(b); // Vx: F64.from_bits
    }

    /** Vx: F64.pi */
    public static double pi() {
        return from_bits(0x400921FB54442D18L);
    }

    /** Vx: F64.e */
    public static double e() {
        return from_bits(0x4005BF0A8B145769L);
    }

    /** Vx: F64.infinity */
    public static double infinity() {
        return from_bits(0x7FF0000000000000L);
    }

    /** Vx: F64.nan — the canonical quiet NaN. */
    public static double nan() {
        return from_bits(0x7FF8000000000000L);
    }

    /** High 32 bits as a signed int (fdlibm __HI(x)). Vx: Fdlibm.hi */
    static int hi(double x) {
        return (int) (bits(x) >>> 32);
    }

    /** The low 32 bits are zero. Vx: Fdlibm.lo_zero */
    static boolean lo_zero(double x) {
        return (bits(x) & 0xFFFFFFFFL) == 0L;
    }

    /** x with its low word cleared (fdlibm __LO(x, 0)). Vx: Fdlibm.clear_lo */
    static double clear_lo(double x) {
        return from_bits(bits(x) & 0xFFFFFFFF00000000L);
    }

    /** x with its high word replaced by h, h >= 0 (fdlibm __HI(x, h)). Vx: Fdlibm.set_hi */
    static double set_hi(double x, int h) {
        assert h >= 0 : "set_hi needs h >= 0, got " + h;
        return from_bits((bits(x) & 0xFFFFFFFFL) | ((long) h << 32));
    }

    /** The double whose high word is h (any sign) and low word 0 (fdlibm __HI_LO(h, 0)). Vx: Fdlibm.from_hi */
    static double from_hi(int h) {
        if (h < 0) {
            return -from_bits((long) (h & 0x7fffffff) << 32);
        } else {
            return from_bits((long) h << 32);
        }
    }

    /** y * 2^k by adding k to the exponent field; y > 0 and the result normal. Vx: Fdlibm.add_exp */
    static double add_exp(double y, int k) {
        assert y > 0.0 : "add_exp needs y > 0, got " + y;
        long b = bits(y);
        if (k >= 0) {
            return from_bits(b + ((long) k << 52));
        } else {
            return from_bits(b - ((long) (-k) << 52));
        }
    }

    /** 2^n for -1022 <= n <= 1023. Vx: Fdlibm.pow2 */
    static double pow2(int n) {
        assert n >= -1022 && n <= 1023 : "pow2 out of range: " + n;
        return from_bits((long) (n + 1023) << 52);
    }

    /** z * 2^n with a single rounding (like Math.scalb), -1622 <= n <= 1023. Vx: Fdlibm.scalb */
    static double scalb(double z, int n) {
        if (n < -1022) {
            return (z * pow2(n + 600)) * pow2(-600);
        } else {
            return z * pow2(n);
        }
    }

    /** Vx: F64.abs */
    public static double abs(double x) {
        return from_bits(bits(x) & 0x7FFFFFFFFFFFFFFFL);
    }

    // ---------------------------------------------------------------- exp

    /** e^x (fdlibm e_exp.c). Vx: F64.exp */
    public static double exp(double x) {
        int hx0 = hi(x);
        int xsb = (hx0 >> 31) & 1;
        int hx = hx0 & 0x7fffffff;
        if (hx >= 0x40862E42) {
            if (hx >= 0x7ff00000) {
                if (x != x) {
                    return x;
                } else if (xsb == 0) {
                    return x;
                } else {
                    return 0.0;
                }
            } else if (x > from_bits(0x40862E42FEFA39EFL)) {
                return infinity();
            } else if (x < from_bits(0xC0874910D52D3051L)) {
                return 0.0;
            } else {
                return exp_reduce(x, hx, xsb);
            }
        } else {
            return exp_reduce(x, hx, xsb);
        }
    }

    /** Vx: Fdlibm.exp_reduce */
    static double exp_reduce(double x, int hx, int xsb) {
        double ln2hi = from_bits(0x3FE62E42FEE00000L);
        double ln2lo = from_bits(0x3DEA39EF35793C76L);
        if (hx > 0x3fd62e42) {
            if (hx < 0x3FF0A2B2) {
                double hi = xsb == 0 ? x - ln2hi : x + ln2hi;
                double lo = xsb == 0 ? ln2lo : -ln2lo;
                int k = 1 - xsb - xsb;
                return exp_finish(hi - lo, hi, lo, k);
            } else {
                int k = (int) (from_bits(0x3FF71547652B82FEL) * x + (xsb == 0 ? 0.5 : -0.5));
                double t = (double) k;
                double hi = x - t * ln2hi;
                double lo = t * ln2lo;
                return exp_finish(hi - lo, hi, lo, k);
            }
        } else if (hx < 0x3e300000) {
            return 1.0 + x;
        } else {
            return exp_finish(x, 0.0, 0.0, 0);
        }
    }

    /** Vx: Fdlibm.exp_finish */
    static double exp_finish(double x, double hi, double lo, int k) {
        double p1 = from_bits(0x3FC555555555553EL);
        double p2 = from_bits(0xBF66C16C16BEBD93L);
        double p3 = from_bits(0x3F11566AAF25DE2CL);
        double p4 = from_bits(0xBEBBBD41C5D26BF1L);
        double p5 = from_bits(0x3E66376972BEA4D0L);
        double t = x * x;
        double c = x - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
        if (k == 0) {
            return 1.0 - ((x * c) / (c - 2.0) - x);
        } else {
            double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
            if (k >= -1021) {
                return add_exp(y, k);
            } else {
                return add_exp(y, k + 1000) * from_bits(0x0170000000000000L);
            }
        }
    }

    // ---------------------------------------------------------------- expm1

    /** e^x - 1 (fdlibm s_expm1.c). Vx: F64.expm1 */
    public static double expm1(double x) {
        int hx0 = hi(x);
        boolean neg = hx0 < 0;
        int hx = hx0 & 0x7fffffff;
        if (hx >= 0x7ff00000) {
            if (x != x) {
                return x;
            } else if (neg) {
                return -1.0;
            } else {
                return x;
            }
        } else if (hx >= 0x40862E42 && x > from_bits(0x40862E42FEFA39EFL)) {
            return infinity();
        } else if (hx >= 0x4043687A && neg) {
            return -1.0;
        } else {
            return expm1_reduce(x, hx, neg);
        }
    }

    /** Vx: Fdlibm.expm1_reduce */
    static double expm1_reduce(double x, int hx, boolean neg) {
        double ln2hi = from_bits(0x3FE62E42FEE00000L);
        double ln2lo = from_bits(0x3DEA39EF35793C76L);
        if (hx > 0x3fd62e42) {
            if (hx < 0x3FF0A2B2) {
                double hi = neg ? x + ln2hi : x - ln2hi;
                double lo = neg ? -ln2lo : ln2lo;
                int k = neg ? -1 : 1;
                double xr = hi - lo;
                return expm1_finish(xr, (hi - xr) - lo, k);
            } else {
                int k = (int) (from_bits(0x3FF71547652B82FEL) * x + (neg ? -0.5 : 0.5));
                double t = (double) k;
                double hi = x - t * ln2hi;
                double lo = t * ln2lo;
                double xr = hi - lo;
                return expm1_finish(xr, (hi - xr) - lo, k);
            }
        } else if (hx < 0x3c900000) {
            return x;
        } else {
            return expm1_finish(x, 0.0, 0);
        }
    }

    /** Vx: Fdlibm.expm1_finish */
    static double expm1_finish(double x, double c, int k) {
        double q1 = from_bits(0xBFA11111111110F4L);
        double q2 = from_bits(0x3F5A01A019FE5585L);
        double q3 = from_bits(0xBF14CE199EAADBB7L);
        double q4 = from_bits(0x3ED0CFCA86E65239L);
        double q5 = from_bits(0xBE8AFDB76E09C32DL);
        double hfx = 0.5 * x;
        double hxs = x * hfx;
        double r1 = 1.0 + hxs * (q1 + hxs * (q2 + hxs * (q3 + hxs * (q4 + hxs * q5))));
        double t = 3.0 - r1 * hfx;
        double e = hxs * ((r1 - t) / (6.0 - x * t));
        if (k == 0) {
            return x - (x * e - hxs);
        } else {
            double e2 = (x * (e - c) - c) - hxs;
            if (k == -1) {
                return 0.5 * (x - e2) - 0.5;
            } else if (k == 1) {
                if (x < -0.25) {
                    return -2.0 * (e2 - (x + 0.5));
                } else {
                    return 1.0 + 2.0 * (x - e2);
                }
            } else if (k <= -2 || k > 56) {
                double y = 1.0 - (e2 - x);
                return add_exp(y, k) - 1.0;
            } else if (k < 20) {
                double t2 = from_hi(0x3ff00000 - (0x200000 >> k));
                double y = t2 - (e2 - x);
                return add_exp(y, k);
            } else {
                double t2 = from_hi((0x3ff - k) << 20);
                double y = (x - (e2 + t2)) + 1.0;
                return add_exp(y, k);
            }
        }
    }

    // ---------------------------------------------------------------- log

    /** Natural logarithm (fdlibm e_log.c). Vx: F64.log */
    public static double log(double x) {
        int hx = hi(x);
        if (hx < 0x00100000) {
            if ((hx & 0x7fffffff) == 0 && lo_zero(x)) {
                return -infinity();
            } else if (hx < 0) {
                if (x != x) {
                    return x;
                } else {
                    return nan();
                }
            } else {
                double xs = x * from_bits(0x4350000000000000L);
                return log_normal(xs, hi(xs), -54);
            }
        } else if (hx >= 0x7ff00000) {
            return x;
        } else {
            return log_normal(x, hx, 0);
        }
    }

    /** Vx: Fdlibm.log_normal */
    static double log_normal(double x0, int hx0, int k0) {
        double ln2hi = from_bits(0x3FE62E42FEE00000L);
        double ln2lo = from_bits(0x3DEA39EF35793C76L);
        int k1 = k0 + ((hx0 >> 20) - 1023);
        int hx = hx0 & 0x000fffff;
        int i = (hx + 0x95f64) & 0x100000;
        double x = set_hi(x0, hx | (i ^ 0x3ff00000));
        int k = k1 + (i >> 20);
        double f = x - 1.0;
        if ((0x000fffff & (2 + hx)) < 3) {
            if (f == 0.0) {
                if (k == 0) {
                    return 0.0;
                } else {
                    double dk = (double) k;
                    return dk * ln2hi + dk * ln2lo;
                }
            } else {
                double r = f * f * (0.5 - from_bits(0x3FD5555555555555L) * f);
                if (k == 0) {
                    return f - r;
                } else {
                    double dk = (double) k;
                    return dk * ln2hi - ((r - dk * ln2lo) - f);
                }
            }
        } else {
            return log_poly(f, k, hx);
        }
    }

    /** Vx: Fdlibm.log_poly */
    static double log_poly(double f, int k, int hx) {
        double ln2hi = from_bits(0x3FE62E42FEE00000L);
        double ln2lo = from_bits(0x3DEA39EF35793C76L);
        double lg1 = from_bits(0x3FE5555555555593L);
        double lg2 = from_bits(0x3FD999999997FA04L);
        double lg3 = from_bits(0x3FD2492494229359L);
        double lg4 = from_bits(0x3FCC71C51D8E78AFL);
        double lg5 = from_bits(0x3FC7466496CB03DEL);
        double lg6 = from_bits(0x3FC39A09D078C69FL);
        double lg7 = from_bits(0x3FC2F112DF3E5244L);
        double s = f / (2.0 + f);
        double dk = (double) k;
        double z = s * s;
        int i = hx - 0x6147a;
        double w = z * z;
        int j = 0x6b851 - hx;
        double t1 = w * (lg2 + w * (lg4 + w * lg6));
        double t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)));
        double r = t2 + t1;
        if ((i | j) > 0) {
            double hfsq = 0.5 * f * f;
            if (k == 0) {
                return f - (hfsq - s * (hfsq + r));
            } else {
                return dk * ln2hi - ((hfsq - (s * (hfsq + r) + dk * ln2lo)) - f);
            }
        } else {
            if (k == 0) {
                return f - s * (f - r);
            } else {
                return dk * ln2hi - ((s * (f - r) - dk * ln2lo) - f);
            }
        }
    }

    // ---------------------------------------------------------------- sin, cos

    /** Vx: F64.sin */
    public static double sin(double x) {
        int ix = hi(x) & 0x7fffffff;
        if (ix <= 0x3fe921fb) {
            return kernel_sin(x, 0.0, false);
        } else if (ix >= 0x7ff00000) {
            if (x != x) {
                return x;
            } else {
                return nan();
            }
        } else {
            R3 r = rem_pio2(x);
            int q = r.n() & 3;
            if (q == 0) {
                return kernel_sin(r.y0(), r.y1(), true);
            } else if (q == 1) {
                return kernel_cos(r.y0(), r.y1());
            } else if (q == 2) {
                return -kernel_sin(r.y0(), r.y1(), true);
            } else {
                return -kernel_cos(r.y0(), r.y1());
            }
        }
    }

    /** Vx: F64.cos */
    public static double cos(double x) {
        int ix = hi(x) & 0x7fffffff;
        if (ix <= 0x3fe921fb) {
            return kernel_cos(x, 0.0);
        } else if (ix >= 0x7ff00000) {
            if (x != x) {
                return x;
            } else {
                return nan();
            }
        } else {
            R3 r = rem_pio2(x);
            int q = r.n() & 3;
            if (q == 0) {
                return kernel_cos(r.y0(), r.y1());
            } else if (q == 1) {
                return -kernel_sin(r.y0(), r.y1(), true);
            } else if (q == 2) {
                return -kernel_cos(r.y0(), r.y1());
            } else {
                return kernel_sin(r.y0(), r.y1(), true);
            }
        }
    }

    /** sin on [-pi/4, pi/4] of x + y (fdlibm k_sin.c). Vx: Fdlibm.kernel_sin */
    static double kernel_sin(double x, double y, boolean iy) {
        int ix = hi(x) & 0x7fffffff;
        if (ix < 0x3e400000 && (int) x == 0) {
            return x;
        } else {
            double s1 = from_bits(0xBFC5555555555549L);
            double s2 = from_bits(0x3F8111111110F8A6L);
            double s3 = from_bits(0xBF2A01A019C161D5L);
            double s4 = from_bits(0x3EC71DE357B1FE7DL);
            double s5 = from_bits(0xBE5AE5E68A2B9CEBL);
            double s6 = from_bits(0x3DE5D93A5ACFD57CL);
            double z = x * x;
            double v = z * x;
            double r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)));
            if (!iy) {
                return x + v * (s1 + z * r);
            } else {
                return x - ((z * (0.5 * y - v * r) - y) - v * s1);
            }
        }
    }

    /** cos on [-pi/4, pi/4] of x + y (fdlibm k_cos.c). Vx: Fdlibm.kernel_cos */
    static double kernel_cos(double x, double y) {
        int ix = hi(x) & 0x7fffffff;
        if (ix < 0x3e400000 && (int) x == 0) {
            return 1.0;
        } else {
            double c1 = from_bits(0x3FA555555555554CL);
            double c2 = from_bits(0xBF56C16C16C15177L);
            double c3 = from_bits(0x3EFA01A019CB1590L);
            double c4 = from_bits(0xBE927E4F809C52ADL);
            double c5 = from_bits(0x3E21EE9EBDB4B1C4L);
            double c6 = from_bits(0xBDA8FAE9BE8838D4L);
            double z = x * x;
            double r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))));
            if (ix < 0x3FD33333) {
                return 1.0 - (0.5 * z - (z * r - x * y));
            } else {
                double qx = ix > 0x3fe90000 ? 0.28125 : from_hi(ix - 0x00200000);
                double hz = 0.5 * z - qx;
                double a = 1.0 - qx;
                return a - (hz - (z * r - x * y));
            }
        }
    }

    /**
     * x - n*pi/2 = y0 + y1 with |y0 + y1| <= pi/4, for finite x with |x| > pi/4 (fdlibm
     * e_rem_pio2.c). Vx: Fdlibm.rem_pio2
     */
    static R3 rem_pio2(double x) {
        double pio2_1 = from_bits(0x3FF921FB54400000L);
        double pio2_1t = from_bits(0x3DD0B4611A626331L);
        double pio2_2 = from_bits(0x3DD0B4611A600000L);
        double pio2_2t = from_bits(0x3BA3198A2E037073L);
        int hx = hi(x);
        int ix = hx & 0x7fffffff;
        if (ix < 0x4002d97c) {
            if (hx > 0) {
                double z = x - pio2_1;
                if (ix != 0x3ff921fb) {
                    double y0 = z - pio2_1t;
                    return new R3(1, y0, (z - y0) - pio2_1t);
                } else {
                    double z2 = z - pio2_2;
                    double y0 = z2 - pio2_2t;
                    return new R3(1, y0, (z2 - y0) - pio2_2t);
                }
            } else {
                double z = x + pio2_1;
                if (ix != 0x3ff921fb) {
                    double y0 = z + pio2_1t;
                    return new R3(-1, y0, (z - y0) + pio2_1t);
                } else {
                    double z2 = z + pio2_2;
                    double y0 = z2 + pio2_2t;
                    return new R3(-1, y0, (z2 - y0) + pio2_2t);
                }
            }
        } else if (ix <= 0x413921fb) {
            return rem_pio2_medium(x, hx, ix);
        } else {
            return rem_pio2_large(x, hx, ix);
        }
    }

    /** |x| <= 2^19 * pi/2: Cody-Waite with pi/2 in 3 x 33 bits. Vx: Fdlibm.rem_pio2_medium */
    static R3 rem_pio2_medium(double x, int hx, int ix) {
        double pio2_1 = from_bits(0x3FF921FB54400000L);
        double pio2_1t = from_bits(0x3DD0B4611A626331L);
        double t = abs(x);
        int n = (int) (t * from_bits(0x3FE45F306DC9C883L) + 0.5);
        double dn = (double) n;
        double r = t - dn * pio2_1;
        double w = dn * pio2_1t;
        // fdlibm's table npio2_hw[n-1] is the high word of n * (pi/2 rounded); computed here.
        D3 rwy = n < 32 && ix != hi(dn * from_bits(0x3FF921FB54442D18L))
                ? new D3(r, w, r - w)
                : rem_pio2_careful(ix, dn, r, w);
        double y1 = (rwy.a() - rwy.c()) - rwy.b();
        if (hx < 0) {
            return new R3(-n, -rwy.c(), -y1);
        } else {
            return new R3(n, rwy.c(), y1);
        }
    }

    /** A triple of doubles (Vx: (F64, F64, F64)). */
    record D3(double a, double b, double c) {}

    /** Second and third Cody-Waite steps when cancellation is large. Vx: Fdlibm.rem_pio2_careful */
    static D3 rem_pio2_careful(int ix, double dn, double r, double w) {
        int j = ix >> 20;
        double y0 = r - w;
        int i = j - ((hi(y0) >> 20) & 0x7ff);
        if (i > 16) {
            double w1 = dn * from_bits(0x3DD0B4611A600000L);
            double r1 = r - w1;
            double w2 = dn * from_bits(0x3BA3198A2E037073L) - ((r - r1) - w1);
            double y01 = r1 - w2;
            int i2 = j - ((hi(y01) >> 20) & 0x7ff);
            if (i2 > 49) {
                double w3 = dn * from_bits(0x3BA3198A2E000000L);
                double r3 = r1 - w3;
                double w4 = dn * from_bits(0x397B839A252049C1L) - ((r1 - r3) - w3);
                return new D3(r3, w4, r3 - w4);
            } else {
                return new D3(r1, w2, y01);
            }
        } else {
            return new D3(r, w, y0);
        }
    }

    /** |x| > 2^19 * pi/2: Payne-Hanek via fdlibm's __kernel_rem_pio2. Vx: Fdlibm.rem_pio2_large */
    static R3 rem_pio2_large(double x, int hx, int ix) {
        double two24 = from_bits(0x4170000000000000L);
        int e0 = (ix >> 20) - 1046;
        double z0 = set_hi(x, ix - (e0 << 20));
        double tx0 = (double) (int) z0;
        double z1 = (z0 - tx0) * two24;
        double tx1 = (double) (int) z1;
        double tx2 = (z1 - tx1) * two24;
        int nx = tx2 == 0.0 ? (tx1 == 0.0 ? 1 : 2) : 3;
        R3 r = kernel_rem_pio2(new double[] {tx0, tx1, tx2}, e0, nx);
        if (hx < 0) {
            return new R3(-r.n(), -r.y0(), -r.y1());
        } else {
            return r;
        }
    }

    /** 2/pi in 24-bit chunks (fdlibm ipio2). Vx: Fdlibm.two_over_pi */
    static int[] two_over_pi() {
        return new int[] {
            0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62,
            0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A,
            0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
            0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
            0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
            0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
            0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
            0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
            0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
            0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
            0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
        };
    }

    /** pi/2 in 24-bit chunks (fdlibm PIo2[k]); only k <= jp = 4 is used. Vx: Fdlibm.pio2_chunk */
    static double pio2_chunk(int k) {
        if (k == 0) {
            return from_bits(0x3FF921FB40000000L);
        } else if (k == 1) {
            return from_bits(0x3E74442D00000000L);
        } else if (k == 2) {
            return from_bits(0x3CF8469880000000L);
        } else if (k == 3) {
            return from_bits(0x3B78CC5160000000L);
        } else {
            return from_bits(0x39F01B8380000000L);
        }
    }

    /**
     * fdlibm __kernel_rem_pio2 for prec = 2 (jk = jp = 4), written with one function per loop.
     * x holds nx 24-bit chunks of |input| scaled by 2^-e0. Vx: Fdlibm.kernel_rem_pio2
     */
    static R3 kernel_rem_pio2(double[] x, int e0, int nx) {
        int jk = 4;
        int jx = nx - 1;
        int jv0 = (e0 - 3) / 24;
        int jv = jv0 < 0 ? 0 : jv0;
        int q0 = e0 - 24 * (jv + 1);
        int[] ipio2 = two_over_pi();
        double[] f = krp_init_f(new double[20], ipio2, 0, jv - jx, jx + jk);
        double[] q = krp_init_q(new double[20], x, f, jx, 0, jk);
        return krp_loop(x, ipio2, f, q, new int[20], jx, jv, jk, jk, q0);
    }

    /** f[i] = ipio2[j] (0.0 when j < 0) for i = i..m. Vx: Fdlibm.krp_init_f */
    static double[] krp_init_f(double[] f, int[] ipio2, int i, int j, int m) {
        if (i > m) {
            return f;
        } else {
            f[i] = j < 0 ? 0.0 : (double) ipio2[j];
            return krp_init_f(f, ipio2, i + 1, j + 1, m);
        }
    }

    /** fw + sum over j..jx of x[j] * f[jx + i - j]. Vx: Fdlibm.krp_dot */
    static double krp_dot(double[] x, double[] f, int jx, int i, int j, double fw) {
        if (j > jx) {
            return fw;
        } else {
            return krp_dot(x, f, jx, i, j + 1, fw + x[j] * f[jx + i - j]);
        }
    }

    /** q[i] = dot(i) for i = i..last. Vx: Fdlibm.krp_init_q */
    static double[] krp_init_q(double[] q, double[] x, double[] f, int jx, int i, int last) {
        if (i > last) {
            return q;
        } else {
            q[i] = krp_dot(x, f, jx, i, 0, 0.0);
            return krp_init_q(q, x, f, jx, i + 1, last);
        }
    }

    /** Array of ints and a double (Vx: (Array<I32>, F64)). */
    record IqZ(int[] iq, double z) {}

    /** Array of ints and an int (Vx: (Array<I32>, I32)). */
    record IqI(int[] iq, int i) {}

    /** Two arrays (Vx: (Array<F64>, Array<F64>)). */
    record FQ(double[] f, double[] q) {}

    /** Distill q[] into iq[] reversingly. Vx: Fdlibm.krp_distill */
    static IqZ krp_distill(double[] q, int[] iq, int i, int j, double z) {
        if (j <= 0) {
            return new IqZ(iq, z);
        } else {
            double fw = (double) (int) (from_bits(0x3E70000000000000L) * z);
            iq[i] = (int) (z - from_bits(0x4170000000000000L) * fw);
            return krp_distill(q, iq, i + 1, j - 1, q[j - 1] + fw);
        }
    }

    /** iq[0..jz-1] := 2^(24 jz) - iq (the fraction 1 - q); returns the carry. Vx: Fdlibm.krp_complement */
    static IqI krp_complement(int[] iq, int i, int jz, int carry) {
        if (i >= jz) {
            return new IqI(iq, carry);
        } else {
            int j = iq[i];
            if (carry == 0) {
                if (j != 0) {
                    iq[i] = 0x1000000 - j;
                    return krp_complement(iq, i + 1, jz, 1);
                } else {
                    return krp_complement(iq, i + 1, jz, 0);
                }
            } else {
                iq[i] = 0xffffff - j;
                return krp_complement(iq, i + 1, jz, carry);
            }
        }
    }

    /** acc | iq[i] | iq[i-1] | ... | iq[lo]. Vx: Fdlibm.krp_or */
    static int krp_or(int[] iq, int i, int lo, int acc) {
        if (i < lo) {
            return acc;
        } else {
            return krp_or(iq, i - 1, lo, acc | iq[i]);
        }
    }

    /** The least k >= k0 with iq[jk - k] != 0. Vx: Fdlibm.krp_count */
    static int krp_count(int[] iq, int jk, int k) {
        if (iq[jk - k] == 0) {
            return krp_count(iq, jk, k + 1);
        } else {
            return k;
        }
    }

    /** f[jx + i] = ipio2[jv + i], q[i] = dot(i) for i = i..last. Vx: Fdlibm.krp_extend */
    static FQ krp_extend(double[] x, int[] ipio2, double[] f, double[] q, int jx, int jv, int i, int last) {
        if (i > last) {
            return new FQ(f, q);
        } else {
            f[jx + i] = (double) ipio2[jv + i];
            q[i] = krp_dot(x, f, jx, i, 0, 0.0);
            return krp_extend(x, ipio2, f, q, jx, jv, i + 1, last);
        }
    }

    /** The body of fdlibm's recompute loop. Vx: Fdlibm.krp_loop */
    static R3 krp_loop(double[] x, int[] ipio2, double[] f, double[] q, int[] iq0, int jx, int jv, int jk, int jz, int q0) {
        IqZ d = krp_distill(q, iq0, 0, jz, q[jz]);
        int[] iq1 = d.iq();
        double za = scalb(d.z(), q0);
        double zb = za - 8.0 * Math.floor(za * 0.125);
        int n0 = (int) zb;
        double zc = zb - (double) n0;
        int last = jz - 1;
        if (q0 > 0) {
            int i = iq1[last] >> (24 - q0);
            iq1[last] = iq1[last] - (i << (24 - q0));
            int[] iq2 = iq1;
            int ih = iq2[last] >> (23 - q0);
            return krp_round(x, ipio2, f, q, iq2, jx, jv, jk, jz, q0, n0 + i, ih, zc);
        } else if (q0 == 0) {
            return krp_round(x, ipio2, f, q, iq1, jx, jv, jk, jz, q0, n0, iq1[last] >> 23, zc);
        } else {
            int ih = zc >= 0.5 ? 2 : 0;
            return krp_round(x, ipio2, f, q, iq1, jx, jv, jk, jz, q0, n0, ih, zc);
        }
    }

    /** The "q > 0.5" step: n += 1 and q := 1 - q. Vx: Fdlibm.krp_round */
    static R3 krp_round(double[] x, int[] ipio2, double[] f, double[] q, int[] iq1, int jx, int jv, int jk, int jz,
                        int q0, int n1, int ih, double zc) {
        if (ih > 0) {
            IqI c = krp_complement(iq1, 0, jz, 0);
            int[] iq3 = krp_mask(c.iq(), jz, q0);
            double zd = ih == 2 ? (c.i() != 0 ? (1.0 - zc) - scalb(1.0, q0) : 1.0 - zc) : zc;
            return krp_check(x, ipio2, f, q, iq3, jx, jv, jk, jz, q0, n1 + 1, ih, zd);
        } else {
            return krp_check(x, ipio2, f, q, iq1, jx, jv, jk, jz, q0, n1, ih, zc);
        }
    }

    /** Clear the bits of iq[jz-1] above the fraction when q0 is 1 or 2. Vx: Fdlibm.krp_mask */
    static int[] krp_mask(int[] iq, int jz, int q0) {
        if (q0 == 1) {
            iq[jz - 1] = iq[jz - 1] & 0x7fffff;
            return iq;
        } else if (q0 == 2) {
            iq[jz - 1] = iq[jz - 1] & 0x3fffff;
            return iq;
        } else {
            return iq;
        }
    }

    /** Recompute with more terms of 2/pi when the fraction vanished, else finish. Vx: Fdlibm.krp_check */
    static R3 krp_check(double[] x, int[] ipio2, double[] f, double[] q, int[] iq, int jx, int jv, int jk, int jz,
                        int q0, int n, int ih, double zd) {
        if (zd == 0.0 && krp_or(iq, jz - 1, jk, 0) == 0) {
            int k = krp_count(iq, jk, 1);
            FQ fq = krp_extend(x, ipio2, f, q, jx, jv, jz + 1, jz + k);
            return krp_loop(x, ipio2, fq.f(), fq.q(), iq, jx, jv, jk, jz + k, q0);
        } else {
            return krp_finish(iq, q, jz, q0, zd, n, ih);
        }
    }

    /** While iq[jz] == 0: jz -= 1, q0 -= 24. Vx: Fdlibm.krp_chop */
    static int[] krp_chop(int[] iq, int jz, int q0) {
        if (iq[jz] == 0) {
            return krp_chop(iq, jz - 1, q0 - 24);
        } else {
            return new int[] {jz, q0};
        }
    }

    /** q[i] = fw * iq[i] for i = i..0, fw scaled by 2^-24 each step. Vx: Fdlibm.krp_to_float */
    static double[] krp_to_float(int[] iq, double[] q, int i, double fw) {
        if (i < 0) {
            return q;
        } else {
            q[i] = fw * (double) iq[i];
            return krp_to_float(iq, q, i - 1, fw * from_bits(0x3E70000000000000L));
        }
    }

    /** fw + sum_{k..min(4, kmax)} PIo2[k] * q[i + k]. Vx: Fdlibm.krp_fq_sum */
    static double krp_fq_sum(double[] q, int i, int k, int kmax, double fw) {
        if (k > 4 || k > kmax) {
            return fw;
        } else {
            return krp_fq_sum(q, i, k + 1, kmax, fw + pio2_chunk(k) * q[i + k]);
        }
    }

    /** fq[jz - i] = fq_sum(i) for i = i..0. Vx: Fdlibm.krp_fq */
    static double[] krp_fq(double[] q, double[] fq, int jz, int i) {
        if (i < 0) {
            return fq;
        } else {
            fq[jz - i] = krp_fq_sum(q, i, 0, jz - i, 0.0);
            return krp_fq(q, fq, jz, i - 1);
        }
    }

    /** fw + fq[i] + fq[i-1] + ... + fq[0]. Vx: Fdlibm.krp_sum_down */
    static double krp_sum_down(double[] fq, int i, double fw) {
        if (i < 0) {
            return fw;
        } else {
            return krp_sum_down(fq, i - 1, fw + fq[i]);
        }
    }

    /** fw + fq[i] + fq[i+1] + ... + fq[last]. Vx: Fdlibm.krp_sum_up */
    static double krp_sum_up(double[] fq, int i, int last, double fw) {
        if (i > last) {
            return fw;
        } else {
            return krp_sum_up(fq, i + 1, last, fw + fq[i]);
        }
    }

    /** Chop zero terms or split the last fraction chunk. Vx: Fdlibm.krp_finish */
    static R3 krp_finish(int[] iq, double[] q, int jz0, int q00, double z, int n, int ih) {
        double two24 = from_bits(0x4170000000000000L);
        if (z == 0.0) {
            int[] c = krp_chop(iq, jz0 - 1, q00 - 24);
            return krp_result(iq, q, c[0], c[1], n, ih);
        } else {
            double zs = scalb(z, -q00);
            if (zs >= two24) {
                double fw = (double) (int) (from_bits(0x3E70000000000000L) * zs);
                iq[jz0] = (int) (zs - two24 * fw);
                iq[jz0 + 1] = (int) fw;
                return krp_result(iq, q, jz0 + 1, q00 + 24, n, ih);
            } else {
                iq[jz0] = (int) zs;
                return krp_result(iq, q, jz0, q00, n, ih);
            }
        }
    }

    /** Convert the chunks to floating point and multiply by pi/2. Vx: Fdlibm.krp_result */
    static R3 krp_result(int[] iq, double[] q, int jz, int q0, int n, int ih) {
        double[] q2 = krp_to_float(iq, q, jz, scalb(1.0, q0));
        double[] fq = krp_fq(q2, new double[20], jz, jz);
        double fw = krp_sum_down(fq, jz, 0.0);
        double y0 = ih == 0 ? fw : -fw;
        double fw2 = krp_sum_up(fq, 1, jz, fq[0] - fw);
        double y1 = ih == 0 ? fw2 : -fw2;
        return new R3(n & 7, y0, y1);
    }

    // ---------------------------------------------------------------- tanh

    /**
     * Hyperbolic tangent. Not fdlibm's s_tanh.c (up to about 2 ulp on [-1, 1]): |x| < 0.55 uses the
     * odd Taylor polynomial of degree 37, larger |x| expm1(2|x|) / (expm1(2|x|) + 2) with the
     * division done in double-double arithmetic. Vx: F64.tanh
     */
    public static double tanh(double x) {
        int jx = hi(x);
        int ix = jx & 0x7fffffff;
        if (ix >= 0x7ff00000) {
            if (x != x) {
                return x;
            } else if (jx >= 0) {
                return 1.0;
            } else {
                return -1.0;
            }
        } else if (ix < 0x3c800000) {
            return x * (1.0 + x);
        } else if (ix < 0x3FE19999) {
            return tanh_poly(x);
        } else if (ix < 0x40360000) {
            double z = tanh_ratio(abs(x));
            return jx >= 0 ? z : -z;
        } else if (jx >= 0) {
            return 1.0;
        } else {
            return -1.0;
        }
    }

    /**
     * tanh(x) = x + x^3 P(x^2) for |x| < 0.55, P the Taylor series of (tanh(x) - x) / x^3 to
     * degree 17 in x^2 (coefficients 2^2n (2^2n - 1) B_2n / (2n)!, rounded once). Vx: Fdlibm.tanh_poly
     */
    static double tanh_poly(double x) {
        double c0 = from_bits(0xBFD5555555555555L);
        double c1 = from_bits(0x3FC1111111111111L);
        double c2 = from_bits(0xBFABA1BA1BA1BA1CL);
        double c3 = from_bits(0x3F9664F4882C10FAL);
        double c4 = from_bits(0xBF8226E355E6C23DL);
        double c5 = from_bits(0x3F6D6D3D0E157DE0L);
        double c6 = from_bits(0xBF57DA36452B75E3L);
        double c7 = from_bits(0x3F43558248036744L);
        double c8 = from_bits(0xBF2F57D7734D1664L);
        double c9 = from_bits(0x3F1967E18AFCAFADL);
        double c10 = from_bits(0xBF0497D8EEA25259L);
        double c11 = from_bits(0x3EF0B132D39A6050L);
        double c12 = from_bits(0xBEDB0F72D3EE24E9L);
        double c13 = from_bits(0x3EC5EF2DA474E5B7L);
        double c14 = from_bits(0xBEB1C77DF95C1C0DL);
        double c15 = from_bits(0x3E9CD299DE4AE6BBL);
        double c16 = from_bits(0xBE875CDE6563FED9L);
        double c17 = from_bits(0x3E72EFE8DB3AFF1FL);
        double z = x * x;
        double p = c0 + z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * (c6 + z * (c7 + z * (c8 + z * (c9 + z * (c10 + z * (c11 + z * (c12 + z * (c13 + z * (c14 + z * (c15 + z * (c16 + z * (c17)))))))))))))))));
        return x + x * (z * p);
    }

    /** tanh(a) = t / (t + 2) with t = expm1(2a), for 0.55 <= a < 22. Vx: Fdlibm.tanh_ratio */
    static double tanh_ratio(double a) {
        double t = expm1(2.0 * a);
        D2 s = two_sum(t, 2.0);
        return dd_div(t, s.a(), s.b());
    }

    /** (s, e) with s = a + b rounded and s + e = a + b exactly (Knuth). Vx: Fdlibm.two_sum */
    static D2 two_sum(double a, double b) {
        double s = a + b;
        double bb = s - a;
        return new D2(s, (a - (s - bb)) + (b - bb));
    }

    /** (p, e) with p = a * b rounded and p + e = a * b exactly (Dekker, no fma). Vx: Fdlibm.two_prod */
    static D2 two_prod(double a, double b) {
        D2 as = split(a);
        D2 bs = split(b);
        double p = a * b;
        double e = ((as.a() * bs.a() - p) + as.a() * bs.b() + as.b() * bs.a()) + as.b() * bs.b();
        return new D2(p, e);
    }

    /** Veltkamp's split of a into a 26-bit high part and the rest; |a| < 2^995. Vx: Fdlibm.split */
    static D2 split(double a) {
        double c = from_bits(0x41A0000002000000L) * a;
        double h = c - (c - a);
        return new D2(h, a - h);
    }

    /** n / (dh + dl) rounded, with one correction step of the quotient. Vx: Fdlibm.dd_div */
    static double dd_div(double n, double dh, double dl) {
        double q = n / dh;
        D2 p = two_prod(q, dh);
        double r = ((n - p.a()) - p.b()) - q * dl;
        return q + r / dh;
    }

    // ---------------------------------------------------------------- pow

    /** x^y (fdlibm e_pow.c, with C99's pow(1, y) = 1 and pow(-1, ±inf) = 1). Vx: F64.pow */
    public static double pow(double x, double y) {
        if (y == 0.0 || x == 1.0) {
            return 1.0;
        } else if (x != x) {
            return x;
        } else if (y != y) {
            return y;
        } else {
            double y_abs = abs(y);
            double x_abs = abs(x);
            if (y == 2.0) {
                return x * x;
            } else if (y == 0.5 && x >= 0.0) {
                // fdlibm tests x >= -MAX here; x < 0 then reaches pow_x, which gives the canonical NaN
                // instead of the hardware NaN of sqrt(negative). -0.0 passes (sqrt(-0.0 + 0.0) = +0.0).
                return Math.sqrt(x + 0.0);
            } else if (y_abs == 1.0) {
                if (y == 1.0) {
                    return x;
                } else {
                    return 1.0 / x;
                }
            } else if (y_abs == infinity()) {
                if (x_abs == 1.0) {
                    return 1.0;
                } else if (x_abs > 1.0) {
                    if (y >= 0.0) {
                        return y;
                    } else {
                        return 0.0;
                    }
                } else {
                    if (y < 0.0) {
                        return -y;
                    } else {
                        return 0.0;
                    }
                }
            } else {
                return pow_x(x, y, x_abs, y_abs);
            }
        }
    }

    /** 0: y is not an integer, 1: an odd integer, 2: an even integer. Vx: Fdlibm.pow_y_is_int */
    static int pow_y_is_int(double y_abs) {
        if (y_abs >= from_bits(0x4340000000000000L)) {
            return 2;
        } else if (y_abs >= 1.0) {
            long l = (long) y_abs;
            if ((double) l == y_abs) {
                return 2 - (int) (l & 1L);
            } else {
                return 0;
            }
        } else {
            return 0;
        }
    }

    /** Vx: Fdlibm.pow_x */
    static double pow_x(double x, double y, double x_abs, double y_abs) {
        int hx = hi(x);
        int ix = hx & 0x7fffffff;
        int y_is_int = hx < 0 ? pow_y_is_int(y_abs) : 0;
        if (x_abs == 0.0 || x_abs == infinity() || x_abs == 1.0) {
            double z = y < 0.0 ? 1.0 / x_abs : x_abs;
            if (hx < 0) {
                if (((ix - 0x3ff00000) | y_is_int) == 0) {
                    return nan();
                } else if (y_is_int == 1) {
                    return -1.0 * z;
                } else {
                    return z;
                }
            } else {
                return z;
            }
        } else {
            int n = (hx >> 31) + 1;
            if ((n | y_is_int) == 0) {
                return nan();
            } else {
                double s = (n | (y_is_int - 1)) == 0 ? -1.0 : 1.0;
                if (y_abs > from_bits(0x41E00000FFFFFFFFL)) {
                    if (x_abs < from_bits(0x3FEFFFFF00000000L)) {
                        if (y < 0.0) {
                            return s * infinity();
                        } else {
                            return s * 0.0;
                        }
                    } else if (x_abs > from_bits(0x3FF00000FFFFFFFFL)) {
                        if (y > 0.0) {
                            return s * infinity();
                        } else {
                            return s * 0.0;
                        }
                    } else {
                        // fdlibm uses a short series for log2 here (|x - 1| < 2^-20) whose error
                        // reaches hundreds of ulp in the result; the general path is exact enough.
                        D2 t = pow_log2(x_abs, ix);
                        return pow_exp2(y, t.a(), t.b(), s);
                    }
                } else {
                    D2 t = pow_log2(x_abs, ix);
                    return pow_exp2(y, t.a(), t.b(), s);
                }
            }
        }
    }

    /** log2(x) as t1 + t2 (extra precision) for finite x > 0. Vx: Fdlibm.pow_log2 */
    static D2 pow_log2(double x_abs, int ix) {
        if (ix < 0x00100000) {
            double xa = x_abs * from_bits(0x4340000000000000L);
            return pow_log2_normal(xa, hi(xa), -53);
        } else {
            return pow_log2_normal(x_abs, ix, 0);
        }
    }

    /** Vx: Fdlibm.pow_log2_normal */
    static D2 pow_log2_normal(double xa, int ixa, int n0) {
        int n1 = n0 + ((ixa >> 20) - 0x3ff);
        int j = ixa & 0x000fffff;
        int ixn = j | 0x3ff00000;
        if (j <= 0x3988E) {
            return pow_log2_poly(set_hi(xa, ixn), ixn, 0, n1);
        } else if (j < 0xBB67A) {
            return pow_log2_poly(set_hi(xa, ixn), ixn, 1, n1);
        } else {
            return pow_log2_poly(set_hi(xa, ixn - 0x00100000), ixn - 0x00100000, 0, n1 + 1);
        }
    }

    /** Vx: Fdlibm.pow_log2_poly */
    static D2 pow_log2_poly(double x_abs, int ix, int k, int n) {
        double l1 = from_bits(0x3FE3333333333303L);
        double l2 = from_bits(0x3FDB6DB6DB6FABFFL);
        double l3 = from_bits(0x3FD55555518F264DL);
        double l4 = from_bits(0x3FD17460A91D4101L);
        double l5 = from_bits(0x3FCD864A93C9DB65L);
        double l6 = from_bits(0x3FCA7E284A454EEFL);
        double cp = from_bits(0x3FEEC709DC3A03FDL);
        double cp_h = from_bits(0x3FEEC709E0000000L);
        double cp_l = from_bits(0xBE3E2FE0145B01F5L);
        double bp = k == 0 ? 1.0 : 1.5;
        double dp_h = k == 0 ? 0.0 : from_bits(0x3FE2B80340000000L);
        double dp_l = k == 0 ? 0.0 : from_bits(0x3E4CFDEB43CFD006L);
        double u = x_abs - bp;
        double v = 1.0 / (x_abs + bp);
        double ss = u * v;
        double s_h = clear_lo(ss);
        double t_h = from_hi(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18));
        double t_l = x_abs - (t_h - bp);
        double s_l = v * ((u - s_h * t_h) - s_h * t_l);
        double s2 = ss * ss;
        double r0 = s2 * s2 * (l1 + s2 * (l2 + s2 * (l3 + s2 * (l4 + s2 * (l5 + s2 * l6)))));
        double r = r0 + s_l * (s_h + ss);
        double s2h = s_h * s_h;
        double t_h2 = clear_lo(3.0 + s2h + r);
        double t_l2 = r - ((t_h2 - 3.0) - s2h);
        double u2 = s_h * t_h2;
        double v2 = s_l * t_h2 + t_l2 * ss;
        double p_h = clear_lo(u2 + v2);
        double p_l = v2 - (p_h - u2);
        double z_h = cp_h * p_h;
        double z_l = cp_l * p_h + p_l * cp + dp_l;
        double t = (double) n;
        double t1 = clear_lo(((z_h + z_l) + dp_h) + t);
        double t2 = z_l - (((t1 - t) - dp_h) - z_h);
        return new D2(t1, t2);
    }

    /** s * 2^(y * (t1 + t2)) with over/underflow checks. Vx: Fdlibm.pow_exp2 */
    static double pow_exp2(double y, double t1, double t2, double s) {
        double y1 = clear_lo(y);
        double p_l = (y - y1) * t1 + y * t2;
        double p_h = y1 * t1;
        double z = p_l + p_h;
        long zb = bits(z);
        int j = hi(z);
        if (j >= 0x40900000) {
            if (zb != 0x4090000000000000L) {
                return s * infinity();
            } else if (p_l + from_bits(0x3C971547652B82FEL) > z - p_h) {
                return s * infinity();
            } else {
                return pow_exp2_finish(j, p_h, p_l, s);
            }
        } else if ((j & 0x7fffffff) >= 0x4090cc00) {
            if (zb != 0xC090CC0000000000L) {
                return s * 0.0;
            } else if (p_l <= z - p_h) {
                return s * 0.0;
            } else {
                return pow_exp2_finish(j, p_h, p_l, s);
            }
        } else {
            return pow_exp2_finish(j, p_h, p_l, s);
        }
    }

    /** Vx: Fdlibm.pow_exp2_finish */
    static double pow_exp2_finish(int j, double p_h, double p_l, double s) {
        int i = j & 0x7fffffff;
        int k0 = (i >> 20) - 0x3ff;
        int n;
        double p_h2;
        if (i > 0x3fe00000) {
            int na = j + (0x00100000 >> (k0 + 1));
            int k = ((na & 0x7fffffff) >> 20) - 0x3ff;
            double t = from_hi(na & ~(0x000fffff >> k));
            int nb = ((na & 0x000fffff) | 0x00100000) >> (20 - k);
            n = j < 0 ? -nb : nb;
            p_h2 = p_h - t;
        } else {
            n = 0;
            p_h2 = p_h;
        }
        return s * pow_exp2_poly(p_h2, p_l, n);
    }

    /** 2^(p_h + p_l) * 2^n. Vx: Fdlibm.pow_exp2_poly */
    static double pow_exp2_poly(double p_h, double p_l, int n) {
        double p1 = from_bits(0x3FC555555555553EL);
        double p2 = from_bits(0xBF66C16C16BEBD93L);
        double p3 = from_bits(0x3F11566AAF25DE2CL);
        double p4 = from_bits(0xBEBBBD41C5D26BF1L);
        double p5 = from_bits(0x3E66376972BEA4D0L);
        double lg2 = from_bits(0x3FE62E42FEFA39EFL);
        double lg2_h = from_bits(0x3FE62E4300000000L);
        double lg2_l = from_bits(0xBE205C610CA86C39L);
        double t = clear_lo(p_l + p_h);
        double u = t * lg2_h;
        double v = (p_l - (t - p_h)) * lg2 + t * lg2_l;
        double z = u + v;
        double w = v - (z - u);
        double tt = z * z;
        double t1 = z - tt * (p1 + tt * (p2 + tt * (p3 + tt * (p4 + tt * p5))));
        double r = (z * t1) / (t1 - 2.0) - (w + z * w);
        double z2 = 1.0 - (r - z);
        int jz = hi(z2) + (n << 20);
        if ((jz >> 20) <= 0) {
            return scalb(z2, n);
        } else {
            return add_exp(z2, n);
        }
    }
}
