package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * For every golden program whose expected output comes from a Java twin
 * ({@code # vx-test: expected-from: Java twin <class> <args...>}), runs the twin's main in
 * this JVM with those arguments and checks that it prints exactly the program's .out file.
 */
class TwinOutputsTest {

    @TestFactory
    Stream<DynamicTest> twinsReproduceTheExpectedOutputs() {
        return GoldenProgram.programs().stream()
                .filter(p -> p.twin() != null)
                .map(p -> DynamicTest.dynamicTest(p.relative() + " <- " + String.join(" ", p.twin()), () -> {
                    List<String> twin = p.twin();
                    String got = runMain(twin.get(0), twin.subList(1, twin.size()).toArray(new String[0]));
                    String want = Files.readString(p.expectedOut(), StandardCharsets.UTF_8);
                    assertEquals(want, got, p.relative());
                }));
    }

    /** Runs {@code cls.main(args)} and returns what it printed on System.out. */
    static synchronized String runMain(String cls, String[] args) throws Exception {
        Method main = Class.forName(cls).getMethod("main", String[].class);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream old = System.out;
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        } finally {
            System.out.flush();
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
