package dev.vx.bench.twins;

/**
 * Twin of classic/nbody.vx and bench/programs/nbody.vx: the Benchmarks Game n-body program,
 * with the same F64 operation order as the Vx program (no FMA).
 */
public final class NBody {
    private NBody() {}

    static final double PI = 3.141592653589793;
    static final double SOLAR_MASS = 4.0 * PI * PI;
    static final double DAYS_PER_YEAR = 365.24;

    static final class Body {
        double x, y, z, vx, vy, vz, mass;

        Body(double x, double y, double z, double vx, double vy, double vz, double mass) {
            this.x = x;
            this.y = y;
            this.z = z;
            this.vx = vx;
            this.vy = vy;
            this.vz = vz;
            this.mass = mass;
        }
    }

    static Body planet(double x, double y, double z, double vx, double vy, double vz, double mass) {
        return new Body(x, y, z, vx * DAYS_PER_YEAR, vy * DAYS_PER_YEAR, vz * DAYS_PER_YEAR, mass * SOLAR_MASS);
    }

    static Body[] system() {
        return new Body[] {
            new Body(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, SOLAR_MASS),
            planet(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
                   1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
                   9.54791938424326609e-04),
            planet(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
                   -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
                   2.85885980666130812e-04),
            planet(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
                   2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
                   4.36624404335156298e-05),
            planet(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
                   2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
                   5.15138902046611451e-05),
        };
    }

    static void offsetMomentum(Body[] bs) {
        double px = 0.0;
        double py = 0.0;
        double pz = 0.0;
        for (Body b : bs) {
            px = px + b.vx * b.mass;
            py = py + b.vy * b.mass;
            pz = pz + b.vz * b.mass;
        }
        bs[0].vx = -px / SOLAR_MASS;
        bs[0].vy = -py / SOLAR_MASS;
        bs[0].vz = -pz / SOLAR_MASS;
    }

    static double energy(Body[] bs) {
        double e = 0.0;
        for (int i = 0; i < bs.length; i++) {
            Body bi = bs[i];
            e = e + 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz);
            for (int j = i + 1; j < bs.length; j++) {
                Body bj = bs[j];
                double dx = bi.x - bj.x;
                double dy = bi.y - bj.y;
                double dz = bi.z - bj.z;
                e = e - bi.mass * bj.mass / Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
        }
        return e;
    }

    static void advance(Body[] bs, double dt) {
        for (int i = 0; i < bs.length; i++) {
            Body bi = bs[i];
            for (int j = i + 1; j < bs.length; j++) {
                Body bj = bs[j];
                double dx = bi.x - bj.x;
                double dy = bi.y - bj.y;
                double dz = bi.z - bj.z;
                double d2 = dx * dx + dy * dy + dz * dz;
                double mag = dt / (d2 * Math.sqrt(d2));
                bi.vx = bi.vx - dx * bj.mass * mag;
                bi.vy = bi.vy - dy * bj.mass * mag;
                bi.vz = bi.vz - dz * bj.mass * mag;
                bj.vx = bj.vx + dx * bi.mass * mag;
                bj.vy = bj.vy + dy * bi.mass * mag;
                bj.vz = bj.vz + dz * bi.mass * mag;
            }
        }
        for (Body b : bs) {
            b.x = b.x + dt * b.vx;
            b.y = b.y + dt * b.vy;
            b.z = b.z + dt * b.vz;
        }
    }

    public static void main(String[] args) {
        int steps = Args.u32(args, 0, 100000);
        Body[] bs = system();
        offsetMomentum(bs);
        double before = energy(bs);
        for (long s = 0; s < Integer.toUnsignedLong(steps); s++) {
            advance(bs, 0.01);
        }
        double after = energy(bs);
        System.out.print(VxFormat.fmtF64(before, 9) + "\n" + VxFormat.fmtF64(after, 9) + "\n");
    }
}
