package dev.vx.bytecode;

/** The sections of a {@code .vxb} file, in the order the file must hold them (docs/bytecode.md §6). */
enum Section {
    STRINGS(1, "strings"),
    CONSTANTS(2, "constants"),
    TYPES(3, "types"),
    CTORS(4, "ctors"),
    FUNCTIONS(5, "functions"),
    DEBUG(6, "debug"),
    ENTRY(7, "entry"),
    HASH(8, "hash");

    /** The byte that introduces the section in the file. */
    final int id;
    final String title;

    Section(int id, String title) {
        this.id = id;
        this.title = title;
    }

    static Section ofId(int id) {
        for (Section s : values()) {
            if (s.id == id) return s;
        }
        return null;
    }
}
