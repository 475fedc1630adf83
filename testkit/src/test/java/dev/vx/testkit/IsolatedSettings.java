package dev.vx.testkit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Clears the {@code vx.prop.*} system properties around each test of the engine itself, so that a
 * CI-wide {@code -Dvx.prop.scale=0.2} or a developer's {@code -Dvx.prop.seed} cannot change what
 * these tests expect (exact run counts, fixed seeds that find the planted bug), and turns
 * derandomizing off so that the tests run alike inside and outside CI.
 */
final class IsolatedSettings implements BeforeEachCallback, AfterEachCallback {

    private static final List<String> KEYS = List.of(Settings.SEED, Settings.RUNS, Settings.SCALE, Settings.CHOICES, Settings.DERANDOMIZE);
    private final Map<String, String> saved = new HashMap<>();

    @Override
    public void beforeEach(ExtensionContext context) {
        saved.clear();
        for (String key : KEYS) {
            String value = System.getProperty(key);
            if (value != null) {
                saved.put(key, value);
                System.clearProperty(key);
            }
        }
        // An explicit false outranks the CI environment variable, which the tests cannot unset.
        System.setProperty(Settings.DERANDOMIZE, "false");
    }

    @Override
    public void afterEach(ExtensionContext context) {
        for (String key : KEYS) {
            String value = saved.get(key);
            if (value == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, value);
            }
        }
    }
}
