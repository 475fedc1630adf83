package dev.vx.bench.twins;

/** Twin of classic/fib.vx and bench/programs/fib.vx: naive recursive Fibonacci, U32 wrapping. */
public final class Fib {
    private Fib() {}

    static int fib(int n) {
        return Integer.compareUnsigned(n, 2) < 0 ? n : fib(n - 1) + fib(n - 2);
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 30);
        System.out.print(Integer.toUnsignedString(fib(n)) + "\n");
    }
}
