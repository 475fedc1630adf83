package dev.vx.tools;

/** LANGUAGE.md's tree example at a chosen size: a tree of leaves 0 .. n-1 built and summed in fork groups. */
final class ForkTree {
    private ForkTree() {}

    /** The program; it prints 0 + 1 + ... + (leaves - 1), modulo 2^32. */
    static String source(int leaves) {
        return """
                type Tree:
                  Leaf{v: U32}
                  Node{l: Tree, r: Tree}

                def build(lo: U32, n: U32) -> Tree:
                  if n == 1:
                    Leaf{lo}
                  else:
                    h = n / 2
                    l = fork build(lo, h)
                    r = fork build(lo + h, n - h)
                    Node{l, r}

                def total(t: Tree) -> U32:
                  match t:
                    case Leaf{v}:
                      v
                    case Node{l, r}:
                      a = fork total(l)
                      b = fork total(r)
                      a + b

                def main() -> U32:
                  total(build(0, %d))
                """.formatted(leaves);
    }
}
