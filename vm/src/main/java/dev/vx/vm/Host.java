package dev.vx.vm;

import java.io.PrintStream;
import java.util.List;

/** What the host gives a run: the program's arguments and its output streams. */
public record Host(List<String> args, PrintStream out, PrintStream err) {}
