package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void helloWorld() {
        CheckResult r = TestBase.check("def main() -> IO(Unit):\n  IO.print(\"hello\")\n");
        assertEquals("", r.diagnostics().render());
    }
}
